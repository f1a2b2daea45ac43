/**
 * How many application files the listeners of a « removing » event (GoodRemoving, ResidenceRemoving) said still name
 * what is being removed: the sum of their answers, as `emitAsync` gives them (a listener answering nothing counts 0).
 */
export function filesNaming(answers: readonly unknown[]): number {
  return answers.reduce<number>((total, answer) => total + (typeof answer === 'number' ? answer : 0), 0);
}

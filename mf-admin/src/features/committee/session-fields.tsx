import { useState } from 'react';
import type { CommitteeOption, CommitteeSessionView } from '@hsa-lli/common/back-office';
import { parisLocalDateTime } from '@hsa-lli/common/domain';
import { CheckboxGroup, DateField, TextField, checkedValues, type FormBinding } from '@hsa-lli/common/ui';
import { OptionsField, optionsState, type OptionsState } from '../../components/loaded-options.js';
import { useCommitteeGoodOptionsQuery, useCommitteeMemberOptionsQuery } from './committee-api.js';
import { OptionPicker, useSettledText } from './option-picker.js';

/** The form's values from a saved session (France's wall-clock times, as the fields show them), or empty ones. */
export function sessionValues(session?: CommitteeSessionView): Record<string, string> {
  const local = (at: string | null | undefined) => (at ? parisLocalDateTime(new Date(at)) : '');
  return {
    date: local(session?.date),
    place: session?.place ?? '',
    video_url: session?.video_url ?? '',
    vote_closes_at: local(session?.vote_closes_at),
    member_ids: session?.members.map((member) => member.id).join(',') ?? '',
    good_ids: session?.goods.map((good) => good.id).join(',') ?? '',
  };
}

/** The request's fields from the form's values: the shared schema checks them, as the API will. */
export function sessionBody(values: Record<string, string>) {
  const text = (name: string) => (values[name] ?? '').trim();
  return {
    date: text('date'),
    place: text('place') || null,
    video_url: text('video_url') || null,
    vote_closes_at: text('vote_closes_at') || null,
    member_ids: checkedValues(text('member_ids')).map(Number),
    good_ids: checkedValues(text('good_ids')).map(Number),
  };
}

/** The committee's members the form offers, those of the session (maybe since deactivated) kept among them. */
export function useMemberChoices(session?: CommitteeSessionView): OptionsState & { options: { value: string; label: string }[] } {
  const query = useCommitteeMemberOptionsQuery();
  const active = query.data ?? [];
  const options = [
    ...active.map((member) => ({ value: String(member.id), label: member.label })),
    ...(session?.members ?? []).filter((member) => !active.some((option) => option.id === member.id)).map((member) => ({ value: String(member.id), label: member.name })),
  ];
  return { options, ...optionsState(query) };
}

/** The goods on the agenda: those chosen, each with « Retirer », and a search to add others. */
function AgendaField({ form, session }: { form: FormBinding; session?: CommitteeSessionView }) {
  const search = useSettledText();
  const query = useCommitteeGoodOptionsQuery(search.settled);
  // The goods chosen in this visit; those of the session and of the last search are named by them.
  const [picked, setPicked] = useState<Record<number, string>>({});
  const chosen = checkedValues(form.values.good_ids ?? '').map(Number);
  const known: Record<number, string> = {
    ...Object.fromEntries((query.data ?? []).map((option) => [option.id, option.label])),
    ...Object.fromEntries((session?.goods ?? []).map((good) => [good.id, `${good.reference} — ${good.label}`])),
    ...picked,
  };
  const labelOf = (id: number) => known[id] ?? `Logement n° ${id}`;
  const setChosen = (ids: number[]) => form.set('good_ids', ids.join(','));
  const add = (option: CommitteeOption) => {
    setPicked({ ...picked, [option.id]: option.label });
    setChosen([...chosen, option.id]);
  };
  const error = form.errors.good_ids;
  return (
    <fieldset className={`ui-field committee-agenda${error ? ' ui-field--error' : ''}`} aria-describedby={`committee-agenda-hint${error ? ' committee-agenda-error' : ''}`}>
      <legend>
        Logements examinés<span className="ui-field__required" aria-hidden="true"> *</span>
      </legend>
      <p id="committee-agenda-hint" className="ui-field__hint">
        Les candidats de chaque logement s’ajoutent ensuite, sur la page de la séance.
      </p>
      {chosen.length === 0 ? (
        <p className="committee-muted">Aucun logement pour le moment.</p>
      ) : (
        <ul className="committee-chosen">
          {chosen.map((id) => (
            <li key={id}>
              <span>{labelOf(id)}</span>
              <button type="button" className="ui-button ui-button--secondary ui-button--small" aria-label={`Retirer ${labelOf(id)} de l’ordre du jour`} onClick={() => setChosen(chosen.filter((each) => each !== id))}>
                Retirer
              </button>
            </li>
          ))}
        </ul>
      )}
      <OptionPicker
        label="Logement à ajouter"
        searchHint="Par la référence du logement ou le nom de sa résidence."
        search={search}
        options={query.data}
        exclude={chosen}
        loading={query.isFetching}
        error={query.error}
        addLabel="Ajouter ce logement"
        onAdd={add}
      />
      {error && (
        <p id="committee-agenda-error" className="ui-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** When and where the session takes place, who sits in it, what it examines. */
export function SessionFields({ form, members, session }: { form: FormBinding; members: ReturnType<typeof useMemberChoices>; session?: CommitteeSessionView }) {
  return (
    <>
      <fieldset className="bo-panel">
        <legend>Date et lieu</legend>
        <div className="bo-form">
          <DateField form={form} name="date" label="Date et heure de la séance" time required hint="Heure de France métropolitaine." />
          <DateField form={form} name="vote_closes_at" label="Fin du vote" time hint="Facultatif : après cette heure, les avis ne sont plus reçus." />
          <TextField form={form} name="place" label="Lieu" maxLength={200} hint="Par exemple : Agence de Bayonne, salle du conseil." />
          <TextField form={form} name="video_url" type="url" label="Lien de la visioconférence" maxLength={500} hint="Commence par https://. Un lieu, un lien, ou les deux." />
        </div>
      </fieldset>
      <fieldset className="bo-panel">
        <legend>Membres et ordre du jour</legend>
        <OptionsField list={members} what="La liste des membres du comité">
          <CheckboxGroup form={form} name="member_ids" label="Membres de la séance" required options={members.options} hint="Les comptes actifs des rôles « comité » et « membre »." />
        </OptionsField>
        <AgendaField form={form} session={session} />
      </fieldset>
    </>
  );
}

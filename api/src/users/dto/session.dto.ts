import * as z from 'zod/mini';

/** One of the user's sessions, by the id their list of sessions gives (a SHA-256, in hexadecimal). */
export const sessionIdSchema = z.strictObject({
  id: z.string('Veuillez indiquer la session à fermer.').check(z.regex(/^[0-9a-f]{64}$/, 'Cette session est inconnue.')),
});

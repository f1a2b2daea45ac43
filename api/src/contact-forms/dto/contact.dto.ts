import * as z from 'zod/mini';

/** The contact form's own schema is contactSchema, in common/domain: the form checks with it too. */
export const contactIdSchema = z.strictObject({ id: z.int("L'identifiant doit être un nombre entier.") });

/**
 * Visit slots, published by staff on a good's page (docs/visits.md); what visitors see of them is in ../visits.ts.
 */
import * as z from 'zod/mini';
import { builtWhenUsed, localDateTimeField, text } from '../schema.js';
import { VISIT_KINDS, VISIT_LIMITS, type VisitSlotView } from '../visits.js';

const ID_WRONG = "L'identifiant doit être un nombre entier positif.";
const id = builtWhenUsed(() => z.int(ID_WRONG).check(z.minimum(1, ID_WRONG)));
const PLACE_MAX = 200;
const URL_MAX = 500;
const DURATION_WRONG = 'La durée doit être un nombre de minutes entre 10 et 240.';
const CAPACITY_WRONG = `Le nombre de places doit être un nombre entier entre 1 et ${VISIT_LIMITS.capacity}.`;

/** `POST /api/visits/slots/create`: a slot of a good, on site (a place) or virtual (a link). */
export const visitSlotSchema = builtWhenUsed(() => z
  .strictObject({
    good_id: id,
    starts_at: localDateTimeField('Indiquez la date et l’heure de la visite.'),
    duration_minutes: z.int(DURATION_WRONG).check(z.gte(10, DURATION_WRONG), z.lte(240, DURATION_WRONG)),
    kind: z.enum(VISIT_KINDS, 'Choisissez une visite sur place ou une visite virtuelle.'),
    place: z.optional(z.nullable(text('Le lieu doit être un texte.', { length: PLACE_MAX, message: `Le lieu ne peut pas dépasser ${PLACE_MAX} caractères.` }))),
    url: z.optional(
      z.nullable(
        text('Le lien de la visite virtuelle doit être une adresse.', { length: URL_MAX, message: `Le lien ne peut pas dépasser ${URL_MAX} caractères.` }).check(
          z.refine((value) => value === '' || /^https:\/\/[^\s/]+\.[^\s]+$/.test(value), 'Le lien de la visite virtuelle doit commencer par https:// (par exemple https://visite.exemple.fr/t3).'),
        ),
      ),
    ),
    capacity: z.int(CAPACITY_WRONG).check(z.gte(1, CAPACITY_WRONG), z.lte(VISIT_LIMITS.capacity, CAPACITY_WRONG)),
  })
  .check(
    z.refine((slot) => slot.kind !== 'on_site' || Boolean(slot.place?.trim()), { message: 'Indiquez le lieu du rendez-vous (adresse ou point de rencontre).', path: ['place'] }),
    z.refine((slot) => slot.kind !== 'virtual' || Boolean(slot.url?.trim()), { message: 'Indiquez le lien de la visite virtuelle.', path: ['url'] }),
  ));
export type VisitSlotRequest = z.output<typeof visitSlotSchema>;

/** A slot with who booked it, as staff see it. */
export interface VisitSlotStaffView extends VisitSlotView {
  good: { id: number; label: string; residence: string };
  bookings: { id: number; name: string; email: string; phone: string; booked_at: string; record: { id: number; reference: string } | null }[];
}

/** `POST /api/visits/slots/list` (one good's slots from today) and `POST /api/visits/day` (every good's slots of a day). */
export const visitSlotsOfGoodSchema = builtWhenUsed(() => z.strictObject({ good_id: id }));
export const visitDaySchema = builtWhenUsed(() => z.strictObject({ day: z.string('Indiquez un jour.').check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Indiquez un jour au format AAAA-MM-JJ.')) }));
export const visitSlotIdSchema = builtWhenUsed(() => z.strictObject({ id }));

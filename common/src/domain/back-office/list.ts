/**
 * The lists of the back office: one request shape for every `POST /api/<entity>/list` and one answer,
 * `{ data, total }`. The pages keep the same request in the address (search, filters, sort, page).
 */
import * as z from 'zod/mini';
import { builtWhenUsed, text } from '../schema.js';

export const PER_PAGE_CHOICES = [10, 25, 50, 100] as const;
export const DEFAULT_PER_PAGE = 25;
export const SEARCH_MAX = 100;
/** No list goes further: a search narrows it. */
export const MAX_PAGE = 10_000;

export type SortDirection = 'asc' | 'desc';

export interface ListSort<Column extends string = string> {
  column: Column;
  direction: SortDirection;
}

/** A list request as the back office's pages build it from their address; the API checks it with the list's schema. */
export interface ListRequest<Column extends string = string> {
  search?: string;
  filters?: Record<string, unknown>;
  sort?: ListSort<Column>;
  page?: number;
  per_page?: number;
}

export interface ListAnswer<Row> {
  data: Row[];
  total: number;
}

/**
 * The request of one list: its filters' schema (a strict object of optional fields) and the columns it sorts by.
 * Page and per page default to 1 and DEFAULT_PER_PAGE.
 */
export function listRequestSchema<const Filters extends z.ZodMiniType, const Column extends string>(filters: Filters, columns: readonly [Column, ...Column[]]) {
  return z.strictObject({
    search: z.optional(
      text('La recherche doit être un texte.', { length: SEARCH_MAX, message: `La recherche ne peut pas dépasser ${SEARCH_MAX} caractères.` }),
    ),
    filters: z.optional(filters),
    sort: z.optional(
      z.strictObject({
        column: z.enum(columns, "Cette colonne ne peut pas servir au tri."),
        direction: z.enum(['asc', 'desc'], 'Le sens du tri est « asc » ou « desc ».'),
      }),
    ),
    page: z._default(z.int('La page doit être un nombre entier.').check(z.minimum(1, 'La page commence à 1.'), z.maximum(MAX_PAGE, `La page ne peut pas dépasser ${MAX_PAGE}.`)), 1),
    per_page: z._default(
      z.union(
        PER_PAGE_CHOICES.map((choice) => z.literal(choice)),
        `Le nombre de lignes par page est l'un de : ${PER_PAGE_CHOICES.join(', ')}.`,
      ),
      DEFAULT_PER_PAGE,
    ),
  });
}

/** A filter on one of the values of a list (a status, a type). */
export function oneOf<const Value extends string>(values: readonly Value[], message: string) {
  return z.optional(z.enum(values as [Value, ...Value[]], message));
}

/** A save made on an older version than the stored one: the 409's sentence (its code is `stale_version`, `ApiErrorCode`). */
export const CONFLICT_MESSAGE =
  'Cette fiche a été modifiée par quelqu’un d’autre depuis que vous l’avez ouverte. Rechargez la page pour voir ses changements, puis refaites les vôtres.';

/** The version an update is made on: the one get-one gave; a different one means somebody saved meanwhile. */
export const versionField = builtWhenUsed(() => z.int('La version de la fiche est manquante : rechargez la page.').check(z.minimum(1, 'La version de la fiche est manquante : rechargez la page.')));

/** The id of one row of a list (get-one, delete). */
export const idRequestSchema = builtWhenUsed(() => z.strictObject({
  id: z.int("L'identifiant doit être un nombre entier.").check(z.minimum(1, "L'identifiant doit être un nombre entier positif.")),
}));
export type IdRequest = z.output<typeof idRequestSchema>;

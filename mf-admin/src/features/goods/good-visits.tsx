import { useEffect } from 'react';
import { Link } from 'react-router';
import { visitSlotSchema, type VisitSlotStaffView } from '@hsa-lli/common/back-office';
import { formatDayOfWeek, parseNumber, VISIT_KINDS, VISIT_LIMITS } from '@hsa-lli/common/domain';
import type { RequestErrorData } from '@hsa-lli/common/http';
import { formFilled, pushMessage, selectPages, useAppDispatch, useAppSelector } from '@hsa-lli/common/store';
import { DateField, Loader, MessageBox, NumericField, RadioGroup, RequestErrorMessage, TextField, useForm, useSubmission } from '@hsa-lli/common/ui';
import { ConfirmButton, SubmitActions, useCheckedSubmission } from '../../components/edit-form.js';
import { VisitSlotCard, slotHours, slotWhen } from '../../components/visit-slot-card.js';
import { useCreateVisitSlotMutation, useGoodVisitSlotsQuery, useRemoveVisitSlotMutation } from '../../components/visit-slots-api.js';

const VISITS_PAGE = '/admin/visites';
const KIND_OPTIONS = [
  { value: 'on_site', label: 'Sur place' },
  { value: 'virtual', label: 'Visite virtuelle' },
] as const satisfies readonly { value: (typeof VISIT_KINDS)[number]; label: string }[];

/** What a new slot's form starts with, and keeps after a slot is published (only its date and time start again). */
const STARTING = { starts_at: '', duration_minutes: '30', kind: 'on_site', place: '', url: '', capacity: '1' };

/** A number as typed: an empty field is no value, and what is no number a wrong one (NaN), which the schema refuses. */
const numberOf = (typed: string | undefined) => (!typed || typed.trim() === '' ? null : (parseNumber(typed) ?? Number.NaN));

/** The request body from the form's values: the shared schema checks it, as the API will. */
function bodyOf(goodId: number, values: Record<string, string>) {
  const kind = values.kind ?? '';
  return {
    good_id: goodId,
    starts_at: values.starts_at ?? '',
    duration_minutes: numberOf(values.duration_minutes),
    kind,
    place: kind === 'on_site' ? (values.place ?? '') : null,
    url: kind === 'virtual' ? (values.url ?? '') : null,
    capacity: numberOf(values.capacity),
  };
}

/** A time already past is refused (409) for the date and time: said under that field. */
const pastOnField = (error: unknown): never => {
  const failed = error as RequestErrorData;
  throw failed.status === 409 ? { ...failed, fields: { starts_at: failed.error } } : failed;
};

/**
 * « Visites » on a good's page: its slots from today with who booked, a form to publish one (on site with a meeting
 * place, or virtual with a link), and « Retirer le créneau », which cancels its bookings and e-mails their makers.
 */
export function GoodVisits({ goodId, onSite }: { goodId: number; onSite: boolean }) {
  const name = `good-visit-slot-${goodId}`;
  const dispatch = useAppDispatch();
  const form = useForm(name);
  const slots = useGoodVisitSlotsQuery(goodId);
  const { sending, failure, submit } = useCheckedSubmission();
  const removal = useSubmission();
  const [create] = useCreateVisitSlotMutation();
  const [remove] = useRemoveVisitSlotMutation();
  const { pages } = useAppSelector(selectPages);
  const ready = form.source === 'visit-slot';

  useEffect(() => {
    if (!ready) dispatch(formFilled({ form: name, values: STARTING, source: 'visit-slot' }));
  }, [dispatch, name, ready]);

  const withdraw = async (slot: VisitSlotStaffView) => {
    const done = await removal.send(() => remove({ id: slot.id }).unwrap(), () => undefined);
    if (!done) return;
    const told = slot.bookings.length > 0 ? ` Les personnes inscrites (${slot.bookings.length}) ont reçu un e-mail d’annulation.` : '';
    dispatch(pushMessage({ kind: 'info', text: `Le créneau ${slotWhen(slot)} est retiré.${told}` }));
  };

  return (
    <section className="bo-panel" aria-labelledby="good-visits-title">
      <h2 id="good-visits-title">Visites</h2>
      <p>
        Les créneaux publiés ici se réservent en ligne depuis la page du logement : chaque personne reçoit une confirmation, puis un rappel la veille.
        {pages.includes(VISITS_PAGE) && (
          <>
            {' '}
            <Link to={VISITS_PAGE}>Voir les visites de chaque jour</Link>
          </>
        )}
      </p>
      {!onSite && <MessageBox kind="warning">Ce bien n’est pas sur le site : ses créneaux ne peuvent pas être réservés tant qu’il n’y est pas proposé.</MessageBox>}
      <h3>Créneaux à venir</h3>
      {removal.failure && <RequestErrorMessage error={removal.failure} />}
      {slots.error ? (
        <RequestErrorMessage error={slots.error as RequestErrorData} />
      ) : !slots.data ? (
        <Loader label="Chargement des créneaux" />
      ) : slots.data.length === 0 ? (
        <p>Aucun créneau publié pour le moment.</p>
      ) : (
        <ul className="bo-visits">
          {slots.data.map((slot) => (
            <li key={slot.id}>
              <VisitSlotCard slot={slot} title={`${formatDayOfWeek(slot.starts_at)}, ${slotHours(slot)}`}>
                <div className="bo-actions">
                  <ConfirmButton
                    label={
                      <>
                        Retirer le créneau<span className="ui-visually-hidden"> {slotWhen(slot)}</span>
                      </>
                    }
                    title="Retirer ce créneau ?"
                    confirmLabel="Retirer le créneau"
                    danger
                    onConfirm={() => withdraw(slot)}
                  >
                    <p>Le créneau {slotWhen(slot)} ne sera plus proposé sur la page du logement.</p>
                    {slot.bookings.length > 0 ? (
                      <p>
                        <strong>
                          {slot.bookings.length === 1 ? 'Sa réservation sera annulée' : `Ses ${slot.bookings.length} réservations seront annulées`} : chaque
                          personne inscrite recevra un e-mail d’annulation qui l’invite à choisir un autre créneau.
                        </strong>
                      </p>
                    ) : (
                      <p>Personne ne l’a réservé.</p>
                    )}
                  </ConfirmButton>
                </div>
              </VisitSlotCard>
            </li>
          ))}
        </ul>
      )}
      {ready && (
        <form
          noValidate
          aria-label="Publier un créneau de visite"
          className="good-visit-form"
          onSubmit={async (event) => {
            event.preventDefault();
            const answer = await submit(form, visitSlotSchema, bodyOf(goodId, form.values), (checked) => create(checked).unwrap().catch(pastOnField));
            if (!answer) return;
            dispatch(formFilled({ form: name, values: { ...form.values, starts_at: '' }, source: 'visit-slot' }));
            dispatch(pushMessage({ kind: 'info', text: `Le créneau ${slotWhen(answer.slot)} est publié.` }));
          }}
        >
          <h3>Publier un créneau</h3>
          <div className="bo-form">
            <DateField form={form} name="starts_at" label="Date et heure" time required hint="À l’heure de la France." />
            <NumericField form={form} name="duration_minutes" label="Durée (minutes)" required hint="De 10 à 240 minutes." />
            <NumericField form={form} name="capacity" label="Nombre de places" required hint={`Personnes pouvant réserver ce créneau, ${VISIT_LIMITS.capacity} au plus.`} />
            <RadioGroup form={form} name="kind" label="Type de visite" options={KIND_OPTIONS} inline required />
            <div className="bo-form__wide">
              {form.values.kind === 'virtual' ? (
                <TextField form={form} name="url" label="Lien de la visite virtuelle" type="url" required hint="L’adresse commence par https://, par exemple https://visite.exemple.fr/t3." />
              ) : (
                <TextField form={form} name="place" label="Lieu du rendez-vous" required maxLength={200} hint="Adresse ou point de rencontre, par exemple « 12 avenue de la Plage, Anglet — devant le hall »." />
              )}
            </div>
          </div>
          <SubmitActions failure={failure} sending={sending}>
            Publier le créneau
          </SubmitActions>
        </form>
      )}
    </section>
  );
}

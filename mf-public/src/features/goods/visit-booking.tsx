import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { validate, visitBookingSchema, type MeAnswer, type VisitBookingRequest, type VisitBookingView, type VisitSlotView } from '@hsa-lli/common/domain';
import { http, RequestError } from '@hsa-lli/common/http';
import { fieldChanged, formReset, selectForm, selectIsAuthenticated, useAppDispatch, useAppSelector } from '@hsa-lli/common/store';
import { Loader, MessageBox, RequestErrorMessage, TextField, useForm, useSubmission } from '@hsa-lli/common/ui';
import { SlotChoices, slotWhen, slotWhere } from '../../components/visit-slots.js';
import './visit-booking.css';

/** What the section needs of the good. */
export interface GoodForVisit {
  id: number;
}

const PRIVACY_PAGE = '/reglement-general-sur-la-protection-des-donnees-personnelles';
const GONE = 'Ce créneau n’est plus proposé : choisissez-en un autre.';

/** The signed-in person's name and address, written into the form where nothing is typed yet. */
function usePrefilled(form: string, open: boolean) {
  const dispatch = useAppDispatch();
  const authenticated = useAppSelector(selectIsAuthenticated);
  useEffect(() => {
    if (!open || !authenticated) return;
    const controller = new AbortController();
    http
      .post<MeAnswer>('/users/get-me', undefined, { controller, minDuration: 0 })
      .then(({ user }) =>
        dispatch((next, getState) => {
          const { values } = selectForm(getState(), form);
          const name = `${user.first_name} ${user.last_name}`.trim();
          if (!values.name && name) next(fieldChanged({ form, field: 'name', value: name }));
          if (!values.email) next(fieldChanged({ form, field: 'email', value: user.email }));
        }),
      )
      // Without it the person types them: nothing to tell.
      .catch(() => undefined);
    return () => controller.abort();
  }, [open, authenticated, dispatch, form]);
}

/** After a refused submission, the focus goes to the first field to correct, once the errors are drawn. */
function focusFirstError(form: HTMLElement | null): void {
  requestAnimationFrame(() => form?.querySelector('.ui-field--error')?.querySelector<HTMLElement>('input')?.focus());
}

/**
 * « Réserver une visite » on a good's page: its coming slots by day, and once one is chosen, who comes (name, address,
 * phone, the signed-in person's own written in). A slot taken or withdrawn meanwhile (409, 404) reloads the slots and
 * says so; the confirmation tells what was booked and that the e-mail carries the calendar file.
 */
export function VisitBooking({ good, slots, reload }: { good: GoodForVisit; slots: readonly VisitSlotView[]; reload: () => Promise<VisitSlotView[]> }) {
  const name = `visit-booking-${good.id}`;
  const dispatch = useAppDispatch();
  const form = useForm(name);
  const { sending, failure, send } = useSubmission();
  const [chosen, setChosen] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [booked, setBooked] = useState<VisitBookingView | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const slot = slots.find((each) => each.id === chosen) ?? null;
  usePrefilled(name, slot !== null);

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  useEffect(() => {
    if (booked) doneRef.current?.focus();
  }, [booked]);

  const choose = (id: number) => {
    setChosen(id);
    setNotice(null);
  };

  /** Books the slot; a slot that filled up or went meanwhile is told above the slots, read again. */
  const book = async (request: VisitBookingRequest) => {
    try {
      return await http.post<{ booking: VisitBookingView }>('/front/visits/book', request, { action: true });
    } catch (error) {
      if (error instanceof RequestError && (error.status === 404 || error.status === 409)) {
        const fresh = await reload().catch(() => slots);
        const still = fresh.find((each) => each.id === request.slot_id);
        if (!still || still.remaining === 0) {
          setChosen(null);
          setNotice(error.status === 404 ? GONE : error.error);
          return null;
        }
      }
      throw error;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!slot) return;
    const checked = validate(visitBookingSchema, { slot_id: slot.id, name: form.value('name'), email: form.value('email'), phone: form.value('phone') });
    form.showErrors(checked.success ? {} : checked.fields);
    if (!checked.success) return focusFirstError(formRef.current);
    const answer = await send(
      () => book(checked.data),
      (fields) => {
        form.showErrors(fields);
        focusFirstError(formRef.current);
      },
    );
    if (!answer) return;
    setBooked(answer.booking);
    dispatch(formReset(name));
  };

  return (
    <section className="visit-booking ui-card" aria-labelledby="visit-booking-title">
      <h2 id="visit-booking-title">Réserver une visite</h2>
      {booked ? (
        <div ref={doneRef} tabIndex={-1} className="visit-booking__done">
          <MessageBox kind="info">
            <p>
              <strong>Votre visite est réservée</strong> {slotWhen(booked.slot)} ({slotWhere(booked.slot)}).
            </p>
            <p>Un e-mail de confirmation vous a été envoyé avec le fichier à ajouter à votre agenda. Il contient aussi le lien pour annuler ou déplacer votre visite.</p>
          </MessageBox>
        </div>
      ) : (
        <form ref={formRef} noValidate aria-label="Réserver une visite" onSubmit={(event) => void submit(event)}>
          <div ref={noticeRef} tabIndex={-1} className="visit-booking__notice">
            {notice && <MessageBox kind="warning">{notice}</MessageBox>}
          </div>
          {slots.some((each) => each.remaining > 0) ? (
            <SlotChoices slots={slots} chosen={chosen} onChoose={choose} legend="Choisissez un créneau" hint="Visite gratuite et sans engagement, réservée en quelques secondes." />
          ) : (
            <p>Tous les créneaux de visite sont complets pour le moment. Revenez bientôt, ou contactez-nous pour convenir d’une visite.</p>
          )}
          {slot && (
            <fieldset className="visit-booking__person">
              <legend>Vos coordonnées</legend>
              <p className="visit-booking__chosen">
                Créneau choisi : {slotWhen(slot)}, {slotWhere(slot)}.
              </p>
              <div className="visit-booking__fields">
                <TextField form={form} name="name" label="Nom et prénom" autoComplete="name" required />
                <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" required />
                <TextField form={form} name="phone" label="Téléphone" type="tel" autoComplete="tel" required hint="Pour vous joindre le jour de la visite." />
              </div>
              <p className="visit-booking__privacy">
                Nous utilisons ces coordonnées seulement pour organiser la visite et vous la rappeler la veille (voir{' '}
                <Link to={PRIVACY_PAGE}>données personnelles</Link>).
              </p>
              {failure && <RequestErrorMessage error={failure} />}
              <button type="submit" className="ui-button" disabled={sending}>
                Réserver ce créneau
              </button>
              <Loader active={sending} label="Réservation en cours" />
            </fieldset>
          )}
        </form>
      )}
    </section>
  );
}

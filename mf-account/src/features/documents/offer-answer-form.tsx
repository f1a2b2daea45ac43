import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatEuros, type OfferView } from '@hsa-lli/common/domain';
import { ConfirmDialog, Loader, MessageBox, RequestErrorText, TextareaField, useForm } from '@hsa-lli/common/ui';
import { useAnswerOfferMutation } from './my-file-api.js';
import { answerFailure, answerRequest, isStale, type AnswerOutcome, type OfferChoice } from './offer-answer.js';

const REASON_MAX = 1000;

/**
 * « Accepter » or « Refuser » an offer. Refusing asks for the reason first; either answer is asked again in a dialog,
 * being final. A refusal of the API is told beside the reason when it names it, above the buttons otherwise; one that
 * says the offer moved on (answered meanwhile, too late) goes to the section, as the offer and this form go away.
 */
export function OfferAnswerForm({ offer, onSettled }: { offer: OfferView; onSettled: (outcome: AnswerOutcome) => void }) {
  const form = useForm(`offer-answer-${offer.id}`);
  const [declining, setDeclining] = useState(false);
  const [confirming, setConfirming] = useState<OfferChoice | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [answerOffer, { isLoading: sending }] = useAnswerOfferMutation();
  const formElement = useRef<HTMLFormElement>(null);
  const refuseButton = useRef<HTMLButtonElement>(null);

  // The reason's field takes the focus when it appears, and again when it is to be corrected.
  const focusReason = () => requestAnimationFrame(() => formElement.current?.querySelector('textarea')?.focus());
  useEffect(() => {
    if (declining) focusReason();
  }, [declining]);

  const ask = (choice: OfferChoice) => {
    setFailure(null);
    const checked = answerRequest(offer.id, choice, form.value('reason'));
    form.showErrors('fields' in checked ? checked.fields : {});
    if ('fields' in checked) return focusReason();
    setConfirming(choice);
  };

  const send = async () => {
    const checked = confirming && answerRequest(offer.id, confirming, form.value('reason'));
    if (!checked || !('request' in checked)) return;
    try {
      await answerOffer(checked.request).unwrap();
      setConfirming(null);
      onSettled({ answered: checked.request.answer });
    } catch (error) {
      setConfirming(null);
      if (isStale(error)) return onSettled({ stale: error });
      const told = answerFailure(error);
      if ('reason' in told) {
        form.showErrors({ reason: told.reason });
        focusReason();
      } else setFailure(told.message);
    }
  };

  /** Back to the two buttons, the focus on « Refuser » where the person left them. */
  const cancel = () => {
    setDeclining(false);
    form.showErrors({});
    requestAnimationFrame(() => refuseButton.current?.focus());
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    ask('decline');
  };

  // The good's label names its residence already (« T3 de 64 m² — Arrosa »).
  const good = `${offer.good.label}, à ${offer.good.city}`;
  return (
    <form ref={formElement} noValidate onSubmit={onSubmit} className="my-offer__answer" aria-label="Votre réponse à cette proposition">
      {failure !== null && (
        <MessageBox kind="error">
          <RequestErrorText error={failure} />
        </MessageBox>
      )}
      {declining ? (
        <>
          <TextareaField
            form={form}
            name="reason"
            label="Pourquoi refusez-vous ce logement ?"
            hint="Votre réponse nous aide à vous proposer un logement qui vous convient mieux."
            required
            rows={3}
            maxLength={REASON_MAX}
          />
          <div className="my-offer__buttons">
            <button type="submit" className="ui-button ui-button--danger" disabled={sending}>
              Refuser ce logement
            </button>
            <button type="button" className="ui-button ui-button--secondary" onClick={cancel}>
              Annuler
            </button>
          </div>
        </>
      ) : (
        <div className="my-offer__buttons">
          <button type="button" className="ui-button" disabled={sending} onClick={() => ask('accept')}>
            Accepter
          </button>
          <button type="button" className="ui-button ui-button--secondary" disabled={sending} onClick={() => setDeclining(true)} ref={refuseButton}>
            Refuser
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming === 'accept'}
        title="Accepter ce logement ?"
        confirmLabel="Oui, j’accepte ce logement"
        busy={sending}
        onConfirm={() => void send()}
        onClose={() => setConfirming(null)}
      >
        <p>
          Vous acceptez le logement {good}, pour un loyer de {formatEuros(offer.good.rent)} par mois, charges comprises.
        </p>
        <p>Votre réponse est définitive : nous vous contacterons pour la suite.</p>
        <Loader active={sending} label="Envoi de votre réponse" />
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'decline'}
        title="Refuser ce logement ?"
        confirmLabel="Oui, je refuse ce logement"
        danger
        busy={sending}
        onConfirm={() => void send()}
        onClose={() => setConfirming(null)}
      >
        <p>Vous refusez le logement {good}.</p>
        <p>Votre réponse est définitive : le logement sera proposé à un autre candidat.</p>
        <Loader active={sending} label="Envoi de votre réponse" />
      </ConfirmDialog>
    </form>
  );
}

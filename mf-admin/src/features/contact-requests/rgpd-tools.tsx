import { useEffect, useRef, useState } from 'react';
import { dataExportFileName, formatDate, type EraseMeAnswer } from '@hsa-lli/common/domain';
import { fetchJobFile } from '@hsa-lli/common/http';
import { errorText } from '@hsa-lli/common/store';
import { rgpdEraseSchema } from '@hsa-lli/common/back-office';
import { Loader, MessageBox, RequestErrorMessage, saveFile, TextareaField, useForm } from '@hsa-lli/common/ui';
import { ConfirmButton, useCheckedSubmission } from '../../components/edit-form.js';
import { rgpdExportUrl, useEraseRgpdSubjectMutation, useRgpdSubjectQuery, useStartRgpdExportMutation } from './contact-requests-api.js';

const EXPORT_FAILED = 'L’archive n’a pas pu être préparée. Réessayez dans un instant.';

/** What an erasure took, and what a signed lease keeps until when, as staff tell the requester. */
function ErasureOutcome({ answer }: { answer: EraseMeAnswer }) {
  return (
    <MessageBox kind="info">
      <p>Effacé : {answer.erased.join(', ')}.</p>
      {answer.kept && (
        <>
          <p>
            Conservé {answer.kept.until ? `jusqu’au ${formatDate(answer.kept.until)}` : 'jusqu’à trois ans après le départ du logement'} : {answer.kept.what.join(', ')}.
          </p>
          <p>{answer.kept.why}</p>
        </>
      )}
      <p>Dites-le au demandeur dans votre réponse ci-dessous.</p>
    </MessageBox>
  );
}

/**
 * An rgpd request's own tools: the person's data as the ZIP they would download themselves, for staff to send them,
 * and the erasure of their account and file, as from their space.
 */
export function RgpdTools({ contactId }: { contactId: number }) {
  const subject = useRgpdSubjectQuery({ id: contactId });
  const [startExport] = useStartRgpdExportMutation();
  const [erase] = useEraseRgpdSubjectMutation();
  const [preparing, setPreparing] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const [erased, setErased] = useState<EraseMeAnswer | null>(null);
  const erasure = useCheckedSubmission();
  const form = useForm(`rgpd-identity-${contactId}`);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const prepare = async () => {
    setPreparing(true);
    setExportError(null);
    controller.current = new AbortController();
    try {
      const { job } = await startExport({ id: contactId }).unwrap();
      saveFile(await fetchJobFile(rgpdExportUrl(job.id), controller.current.signal, dataExportFileName(new Date().toISOString().slice(0, 10))));
    } catch (failure) {
      if (controller.current.signal.aborted) return;
      setExportError(typeof failure === 'object' && failure !== null && 'error' in failure ? errorText(failure) : EXPORT_FAILED);
    }
    setPreparing(false);
  };

  const person = subject.data?.subject;
  return (
    <section className="bo-panel" aria-labelledby="contact-rgpd-title">
      <h2 id="contact-rgpd-title">Données personnelles du demandeur</h2>
      {subject.isLoading && <Loader label="Recherche du compte…" />}
      {subject.error && <MessageBox kind="error">{errorText(subject.error)}</MessageBox>}
      {erased && <ErasureOutcome answer={erased} />}
      {subject.data && !person && !erased && <p>Aucun compte de demandeur ne correspond à l’adresse de cette demande : répondez-lui par e-mail.</p>}
      {person && (
        <>
          <p>
            Compte de <strong>{person.name}</strong> ({person.email})
            {person.record ? `, dossier ${person.record.reference} (${person.record.stage_label})` : ', sans dossier'}.
          </p>
          <p className="contact-rgpd__note">
            Vérifiez d’abord que la demande vient bien de cette personne : n’importe qui peut écrire une adresse dans le formulaire. Envoyez ses
            données à l’adresse de son compte seulement ; en cas de doute raisonnable sur son identité, demandez-lui un justificatif avant d’effacer
            son compte.
          </p>
          <TextareaField
            form={form}
            name="identity"
            label="Comment avez-vous vérifié son identité ?"
            hint="Requis pour effacer son compte ; gardé dans l’historique de la demande. Par exemple : « Pièce d’identité reçue par e-mail le 28 novembre, à l’adresse du compte »."
            rows={2}
            maxLength={500}
          />
          <div className="bo-actions">
            <button type="button" className="ui-button ui-button--secondary" disabled={preparing} onClick={() => void prepare()}>
              Télécharger ses données (ZIP)
            </button>
            <ConfirmButton
              danger
              label="Effacer son compte et son dossier"
              title={`Effacer le compte et le dossier de ${person.name} ?`}
              confirmLabel="Effacer définitivement"
              disabled={!form.value('identity').trim()}
              onConfirm={async () => {
                const answer = await erasure.submit(form, rgpdEraseSchema, { id: contactId, identity: form.value('identity') }, (checked) => erase(checked).unwrap());
                if (answer) setErased(answer);
              }}
            >
              <p>
                Son compte, son dossier, ses pièces justificatives et ses autres demandes de contact seront effacés, comme s’il le demandait depuis son
                espace. Si un bail est signé, ce que le bail exige est conservé, et vous sera indiqué. Cette action est définitive.
              </p>
            </ConfirmButton>
          </div>
          <p role="status" className="contact-rgpd__note">
            {preparing ? 'Préparation de l’archive…' : ''}
          </p>
        </>
      )}
      {exportError && <MessageBox kind="error">{exportError}</MessageBox>}
      {erasure.failure && <RequestErrorMessage error={erasure.failure} />}
    </section>
  );
}

import { UploadLinksPanel } from '@hsa-lli/common/ui';
import { useCreateRecordUploadLinkMutation, useRecordUploadLinksQuery, useWithdrawRecordUploadLinkMutation } from './record-documents-api.js';

/** The file's shared upload links: created, listed, withdrawn by staff (the same panel as the applicant's own). */
export function RecordUploadLinks({ recordId }: { recordId: number }) {
  const links = useRecordUploadLinksQuery(recordId);
  const [create] = useCreateRecordUploadLinkMutation();
  const [withdraw] = useWithdrawRecordUploadLinkMutation();
  return (
    <UploadLinksPanel
      title="Liens de dépôt"
      intro={
        <>
          Un lien de dépôt permet à une personne sans compte (le demandeur, son co-demandeur, un proche, un employeur) d’ajouter des pièces à ce dossier
          pendant 14&nbsp;jours, sans voir celles qui s’y trouvent déjà.
        </>
      }
      form={`record-upload-link-${recordId}`}
      className="bo-panel record-upload-links"
      links={links}
      create={(email) => create({ record_id: recordId, email }).unwrap()}
      withdraw={(id) => withdraw({ record_id: recordId, id }).unwrap()}
    />
  );
}

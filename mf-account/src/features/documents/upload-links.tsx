import { UploadLinksPanel } from '@hsa-lli/common/ui';
import { useCreateUploadLinkMutation, useListUploadLinksQuery, useWithdrawUploadLinkMutation } from '../../lib/my-record-api.js';

/** The customer's own shared upload links, for someone else to add documents to their file. */
export function UploadLinks() {
  const links = useListUploadLinksQuery();
  const [create] = useCreateUploadLinkMutation();
  const [withdraw] = useWithdrawUploadLinkMutation();
  return (
    <UploadLinksPanel
      title="Faire déposer des pièces par quelqu’un d’autre"
      intro={
        <>
          Un lien de dépôt permet à une personne sans compte (votre co-demandeur, un proche, votre employeur) d’ajouter des pièces à votre dossier pendant
          14&nbsp;jours. Elle ne voit aucune des pièces qui s’y trouvent déjà.
        </>
      }
      form="upload-link"
      className="ui-card my-documents__part"
      links={links}
      create={(email) => create({ email }).unwrap()}
      withdraw={(id) => withdraw({ id }).unwrap()}
    />
  );
}

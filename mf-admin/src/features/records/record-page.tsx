import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { StaffRecordAnswer } from '@hsa-lli/common/back-office';
import { http } from '@hsa-lli/common/http';
import { routeId } from '../../components/edit-form.js';
import '../../components/back-office.css';
import { RecordDocuments, RecordUploadLinks } from './record-documents.js';

export async function recordLoader({ params, request }: LoaderFunctionArgs): Promise<StaffRecordAnswer> {
  return http.post<StaffRecordAnswer>('/records/get-one', { id: routeId(params) }, { controller: request, minDuration: 0 });
}

/** A file as staff work on it. */
export function RecordPage() {
  const { record } = useLoaderData<StaffRecordAnswer>();
  return (
    <div className="bo-page">
      <h1>Dossier {record.reference}</h1>
      <RecordDocuments record={record} />
      <RecordUploadLinks recordId={record.id} />
    </div>
  );
}

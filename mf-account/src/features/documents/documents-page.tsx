import { useId } from 'react';
import { Link } from 'react-router';
import { PERSONS, completenessWords, documentLabel, formatDateTime, parseDocumentName, type MyRecord, type PersonPosition } from '@hsa-lli/common/domain';
import { Loader, MessageBox } from '@hsa-lli/common/ui';
import { NoRecord } from '../../lib/call-errors.js';
import { useGetMyRecordQuery } from '../../lib/my-record-api.js';
import { DocumentItem } from './document-item.js';
import { OffersSection } from './offers-section.js';
import { TimelineSection } from './timeline-section.js';
import { UploadLinks } from './upload-links.js';
import './documents.css';

export function DocumentsPage() {
  const { data: record, error, isLoading } = useGetMyRecordQuery();
  return (
    <section className="ui-page my-documents">
      <h1>Mes pièces justificatives</h1>
      {isLoading && <Loader label="Chargement de votre dossier" />}
      {error && <NoRecord error={error} />}
      {record && (
        <>
          <OffersSection />
          <TimelineSection />
          <Progress record={record} />
          {PERSONS.filter((person) => person === 1 || record.person_2 !== null).map((person) => (
            <PersonDocuments key={person} record={record} person={person} />
          ))}
          <UploadLinks />
          <Consultations record={record} />
        </>
      )}
    </section>
  );
}

function Progress({ record }: { record: MyRecord }) {
  const headingId = useId();
  const { missing, percent, complete } = record.completeness;
  const words = completenessWords(record.completeness);
  const persons = record.person_2 ? 2 : 1;
  return (
    <section className="ui-card my-documents__part" aria-labelledby={headingId}>
      <h2 id={headingId}>Avancement de mes pièces</h2>
      <div className="my-documents__progress">
        <progress max={100} value={percent} aria-labelledby={headingId} aria-valuetext={`${percent} %`} />
        <p>
          <strong>{words.provided}</strong>, {words.validated}.
        </p>
      </div>
      {complete && <MessageBox kind="info">Votre dossier est complet : toutes vos pièces ont été validées.</MessageBox>}
      {missing.length > 0 ? (
        <>
          <p>Il manque encore :</p>
          <ul className="my-documents__missing">
            {missing.map((name) => (
              <li key={name}>
                {documentLabel(name, persons)}
                {record.documents.some((document) => document.type === name && document.status === 'declined') ? ' : refusée, à remplacer' : ''}
              </li>
            ))}
          </ul>
        </>
      ) : (
        !complete && <p>Toutes les pièces demandées sont déposées : l’équipe HSA les vérifie.</p>
      )}
      <p className="my-documents__hint">
        Les pièces demandées dépendent de votre situation, que vous indiquez dans <Link to="/mon-compte-hsa-lli">Mes informations</Link>.
      </p>
    </section>
  );
}

function PersonDocuments({ record, person }: { record: MyRecord; person: PersonPosition }) {
  const headingId = useId();
  const persons = record.person_2 ? 2 : 1;
  const identity = person === 1 ? record.person_1 : record.person_2!;
  const fullName = `${identity.first_name} ${identity.last_name}`.trim();
  const ofPerson = (name: string) => parseDocumentName(name)?.person === person;
  const required = record.required_documents.filter(ofPerson);
  // Files of a document the situation no longer asks for stay visible, to be removed.
  const others = [...new Set(record.documents.map((document) => document.type))].filter((name) => ofPerson(name) && !required.includes(name));
  const title = persons === 1 ? 'Vos pièces' : `${person === 1 ? 'Premier' : 'Second'} demandeur${fullName ? ` : ${fullName}` : ''}`;
  return (
    <section className="ui-card my-documents__part" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {[...required, ...others].map((name) => (
        <DocumentItem
          key={name}
          name={name}
          persons={persons}
          required={required.includes(name)}
          files={record.documents.filter((document) => document.type === name)}
        />
      ))}
    </section>
  );
}

function Consultations({ record }: { record: MyRecord }) {
  const headingId = useId();
  return (
    <section className="ui-card my-documents__part" aria-labelledby={headingId}>
      <h2 id={headingId}>Qui a consulté mon dossier</h2>
      <p>Chaque consultation de votre dossier ou de vos pièces par l’équipe HSA est enregistrée : vous la voyez ici.</p>
      {record.consultations.length === 0 ? (
        <p className="my-documents__empty">Personne n’a encore consulté votre dossier.</p>
      ) : (
        <ul className="my-documents__consultations">
          {record.consultations.map((consultation, index) => (
            <li key={`${consultation.at}-${index}`}>
              <time dateTime={consultation.at}>{formatDateTime(consultation.at)}</time> — {consultation.by} : {consultation.what}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

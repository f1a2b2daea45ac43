import { Alert } from '../alerts/entities/alert.entity.js';
import { AlertHome } from '../alerts/entities/alert-home.entity.js';
import { AuditEntry } from '../audit/entities/audit-entry.entity.js';
import { RecordViewAllowance } from '../audit/entities/record-view-allowance.entity.js';
import { Session } from '../auth/sessions/session.entity.js';
import { Erasure } from '../data-protection/entities/erasure.entity.js';
import { RetentionWarning } from '../data-protection/entities/retention-warning.entity.js';
import { RateLimit } from '../http/entities/rate-limit.entity.js';
import { AgendaItem } from '../committee/entities/agenda-item.entity.js';
import { CommitteeCandidate } from '../committee/entities/committee-candidate.entity.js';
import { CommitteeMessage } from '../committee/entities/committee-message.entity.js';
import { CommitteeRecommendation } from '../committee/entities/committee-recommendation.entity.js';
import { CommitteeSession } from '../committee/entities/committee-session.entity.js';
import { Offer } from '../committee/entities/offer.entity.js';
import { ContactForm } from '../contact-forms/entities/contact-form.entity.js';
import { ContactReply } from '../contact-forms/entities/contact-reply.entity.js';
import { Equipment } from '../equipments/entities/equipment.entity.js';
import { Change } from '../history/entities/change.entity.js';
import { Good } from '../goods/entities/good.entity.js';
import { Image } from '../images/entities/image.entity.js';
import { RecordDocument } from '../documents/entities/record-document.entity.js';
import { RecordEvent } from '../follow-up/entities/record-event.entity.js';
import { RecordListKey } from '../records/entities/record-list-key.entity.js';
import { RecordNote } from '../follow-up/entities/record-note.entity.js';
import { RecordPerson } from '../records/entities/record-person.entity.js';
import { RecordStageChange } from '../follow-up/entities/record-stage-change.entity.js';
import { Record } from '../records/entities/record.entity.js';
import { Commune } from '../reference/entities/commune.entity.js';
import { Residence } from '../residences/entities/residence.entity.js';
import { StatisticMonth } from '../stats/entities/statistic-month.entity.js';
import { StatisticRefresh } from '../stats/entities/statistic-refresh.entity.js';
import { Token } from '../tokens/entities/token.entity.js';
import { User } from '../users/entities/user.entity.js';
import { VisitBooking } from '../visits/entities/visit-booking.entity.js';
import { VisitSlot } from '../visits/entities/visit-slot.entity.js';

export const ENTITIES = [
  AgendaItem,
  Alert,
  AlertHome,
  AuditEntry,
  Change,
  CommitteeCandidate,
  CommitteeMessage,
  CommitteeRecommendation,
  CommitteeSession,
  Commune,
  ContactForm,
  ContactReply,
  Equipment,
  Erasure,
  Good,
  Image,
  Offer,
  RateLimit,
  Record,
  RecordDocument,
  RecordEvent,
  RecordListKey,
  RecordNote,
  RecordPerson,
  RecordStageChange,
  RecordViewAllowance,
  Residence,
  RetentionWarning,
  Session,
  StatisticMonth,
  StatisticRefresh,
  Token,
  User,
  VisitBooking,
  VisitSlot,
];

import { Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  candidateAddSchema,
  idRequestSchema,
  recommendationSchema,
  sessionCloseSchema,
  sessionCreateSchema,
  sessionListSchema,
  sessionUpdateSchema,
  threadPostSchema,
  type CandidateAddRequest,
  type IdRequest,
  type RecommendationRequest,
  type SessionCloseRequest,
  type SessionCreateRequest,
  type SessionListRequest,
  type SessionUpdateRequest,
  type ThreadPostRequest,
} from '@hsa-lli/common/back-office';
import { Actor, ForPage } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { SchemaBody } from '../http/schema-body.js';
import { CommitteeDecisionsService } from './committee-decisions.service.js';
import { CommitteeSessionsService } from './committee-sessions.service.js';
import { goodOptionsSchema, noOptionsSchema, recordOptionsSchema, type RecordOptionsRequest } from './dto/committee.dto.js';

/** The pages the committee's routes serve (docs/committee.md). */
const SESSIONS = '/admin/comites';
const NEW_SESSION = '/admin/comites/nouveau';
const SESSION = '/admin/comites/[id]';
const MY_SESSIONS = '/gestion/recommandations';
const MY_SESSION = '/gestion/recommandations/[id]';

/**
 * The allocation committee: sessions prepared and opened by staff, read and decided by their members. A session a
 * member does not sit in is as unknown to them as one that does not exist.
 */
@Controller('committee')
export class CommitteeController {
  constructor(
    private readonly sessions: CommitteeSessionsService,
    private readonly decisions: CommitteeDecisionsService,
  ) {}

  @ForPage(SESSIONS, MY_SESSIONS)
  @Post('sessions/list')
  @HttpCode(200)
  list(@SchemaBody(sessionListSchema) request: SessionListRequest, @Actor() actor: SessionUser) {
    return this.sessions.list(request, actor);
  }

  @ForPage(NEW_SESSION)
  @Post('sessions/create')
  @HttpCode(HttpStatus.CREATED)
  create(@SchemaBody(sessionCreateSchema) request: SessionCreateRequest, @Actor() actor: SessionUser) {
    return this.sessions.create(request, actor);
  }

  @ForPage(SESSION)
  @Post('sessions/update')
  @HttpCode(200)
  update(@SchemaBody(sessionUpdateSchema) request: SessionUpdateRequest, @Actor() actor: SessionUser) {
    return this.sessions.update(request, actor);
  }

  @ForPage(SESSION)
  @Post('sessions/open')
  @HttpCode(200)
  open(@SchemaBody(idRequestSchema) { id }: IdRequest, @Actor() actor: SessionUser) {
    return this.sessions.openSession(id, actor);
  }

  @ForPage(SESSION, MY_SESSION)
  @Post('sessions/get-one')
  @HttpCode(200)
  getOne(@SchemaBody(idRequestSchema) { id }: IdRequest, @Actor() actor: SessionUser, @Req() request: Request) {
    return this.sessions.read(id, actor, request);
  }

  /** The comitee role only (the service answers 403 to a member). */
  @ForPage(MY_SESSION)
  @Post('sessions/close')
  @HttpCode(200)
  close(@SchemaBody(sessionCloseSchema) request: SessionCloseRequest, @Actor() actor: SessionUser) {
    return this.decisions.close(request, actor);
  }

  @ForPage(SESSION)
  @Post('candidates/add')
  @HttpCode(200)
  addCandidate(@SchemaBody(candidateAddSchema) request: CandidateAddRequest, @Actor() actor: SessionUser) {
    return this.sessions.addCandidate(request, actor);
  }

  @ForPage(SESSION)
  @Post('candidates/remove')
  @HttpCode(200)
  removeCandidate(@SchemaBody(idRequestSchema) { id }: IdRequest, @Actor() actor: SessionUser) {
    return this.sessions.removeCandidate(id, actor);
  }

  @ForPage(MY_SESSION)
  @Post('recommendations/save')
  @HttpCode(200)
  recommend(@SchemaBody(recommendationSchema) request: RecommendationRequest, @Actor() actor: SessionUser) {
    return this.decisions.recommend(request, actor);
  }

  @ForPage(SESSION, MY_SESSION)
  @Post('threads/post')
  @HttpCode(200)
  post(@SchemaBody(threadPostSchema) request: ThreadPostRequest, @Actor() actor: SessionUser) {
    return this.sessions.post(request, actor);
  }

  @ForPage(NEW_SESSION, SESSION)
  @Post('members/options')
  @HttpCode(200)
  memberOptions(@SchemaBody(noOptionsSchema) _request: object) {
    return this.sessions.memberOptions();
  }

  @ForPage(NEW_SESSION, SESSION)
  @Post('goods/options')
  @HttpCode(200)
  goodOptions(@SchemaBody(goodOptionsSchema) { search }: { search?: string }) {
    return this.sessions.goodOptions(search);
  }

  @ForPage(SESSION)
  @Post('records/options')
  @HttpCode(200)
  recordOptions(@SchemaBody(recordOptionsSchema) { good_id, search }: RecordOptionsRequest) {
    return this.sessions.recordOptions(good_id, search);
  }
}

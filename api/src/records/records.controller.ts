import { Controller, HttpCode, NotFoundException, Post } from '@nestjs/common';
import { idRequestSchema, type IdRequest, type StaffRecordAnswer } from '@hsa-lli/common/back-office';
import { myRecordUpdateSchema, type MyRecordAnswer, type MyRecordUpdate } from '@hsa-lli/common/domain';
import { Consults } from '../audit/consultations.js';
import { Actor, ForPage } from '../auth/access.decorators.js';
import type { SessionUser } from '../auth/session-user.js';
import { SchemaBody } from '../http/schema-body.js';
import { MY_DOCUMENTS, MY_INFORMATION, STAFF_RECORD } from './record-pages.js';
import { RecordsService } from './records.service.js';

/** A file read and changed by its owner, and read by staff. Its documents and upload links are in api/src/documents. */
@Controller('records')
export class RecordsController {
  constructor(private readonly records: RecordsService) {}

  @ForPage(MY_INFORMATION, MY_DOCUMENTS)
  @Post('get-mine')
  @HttpCode(200)
  async getMine(@Actor() actor: SessionUser): Promise<MyRecordAnswer> {
    return { my_record: await this.records.mine(actor.id) };
  }

  @ForPage(MY_INFORMATION)
  @Post('update-mine')
  @HttpCode(200)
  async updateMine(@SchemaBody(myRecordUpdateSchema) update: MyRecordUpdate, @Actor() actor: SessionUser): Promise<MyRecordAnswer> {
    return { my_record: await this.records.updateMine(actor.id, update) };
  }

  /** A file as staff see it, with its consultations (this one included). */
  @ForPage(STAFF_RECORD)
  @Consults('record_view', { record: 'body.id' })
  @Post('get-one')
  @HttpCode(200)
  async getOne(@SchemaBody(idRequestSchema) { id }: IdRequest): Promise<StaffRecordAnswer> {
    const record = await this.records.staffView(id);
    if (!record) throw new NotFoundException();
    return { record };
  }
}

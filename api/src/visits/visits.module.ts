import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FollowUpModule } from '../follow-up/follow-up.module.js';
import { GoodsModule } from '../goods/goods.module.js';
import { RecordsModule } from '../records/records.module.js';
import { VisitBooking } from './entities/visit-booking.entity.js';
import { VisitSlot } from './entities/visit-slot.entity.js';
import { VisitsController } from './visits.controller.js';
import { VisitsService } from './visits.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([VisitSlot, VisitBooking]), GoodsModule, RecordsModule, FollowUpModule],
  controllers: [VisitsController],
  providers: [VisitsService],
  exports: [VisitsService],
})
export class VisitsModule {}

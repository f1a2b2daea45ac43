import { Module, type DynamicModule } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AlertsModule } from './alerts/alerts.module.js';
import { AuthModule } from './auth/auth.module.js';
import { BrowserModule } from './browser/browser.module.js';
import { CommitteeModule } from './committee/committee.module.js';
import { ConfigModule } from './config/config.module.js';
import { ContactFormsModule } from './contact-forms/contact-forms.module.js';
import { DocumentsModule } from './documents/documents.module.js';
import { EligibilityModule } from './eligibility/eligibility.module.js';
import { EquipmentsModule } from './equipments/equipments.module.js';
import type { AppConfig } from './config/config.js';
import { dataSourceOptions, openDataSource } from './database/data-source.js';
import { FollowUpModule } from './follow-up/follow-up.module.js';
import { GoodsModule } from './goods/goods.module.js';
import { HistoryModule } from './history/history.module.js';
import { HealthModule } from './health/health.module.js';
import { HttpModule } from './http/http.module.js';
import { ImagesModule } from './images/images.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { LegalModule } from './legal/legal.module.js';
import { MailModule } from './mail/mail.module.js';
import { PrintingModule } from './printing/printing.module.js';
import { PublicReadsModule } from './public-reads/public-reads.module.js';
import { RedisModule } from './redis/redis.module.js';
import { RecordsModule } from './records/records.module.js';
import { ReferenceModule } from './reference/reference.module.js';
import { ResidencesModule } from './residences/residences.module.js';
import { DemoSeeder } from './seed/demo-seeder.js';
import { SeoModule } from './seo/seo.module.js';
import { StatsModule } from './stats/stats.module.js';
import { TimelineModule } from './timeline/timeline.module.js';
import { DataProtectionModule } from './data-protection/data-protection.module.js';
import { TokensModule } from './tokens/tokens.module.js';
import { UsersModule } from './users/users.module.js';
import { VaultModule } from './vault/vault.module.js';
import { VersionModule } from './version/version.module.js';
import { VisitsModule } from './visits/visits.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        // How a domain says « something changed » to the others: docs/api-convention.md, « When something changed ».
        EventEmitterModule.forRoot(),
        TypeOrmModule.forRootAsync({ useFactory: () => dataSourceOptions(config), dataSourceFactory: (options) => openDataSource(options!) }),
        RedisModule,
        PublicReadsModule,
        JobsModule,
        BrowserModule,
        HttpModule,
        HistoryModule,
        MailModule,
        TokensModule,
        AuthModule,
        UsersModule,
        ContactFormsModule,
        AlertsModule,
        VaultModule,
        RecordsModule,
        DocumentsModule,
        FollowUpModule,
        CommitteeModule,
        EligibilityModule,
        EquipmentsModule,
        GoodsModule,
        HealthModule,
        ImagesModule,
        LegalModule,
        PrintingModule,
        ReferenceModule,
        ResidencesModule,
        SeoModule,
        StatsModule,
        TimelineModule,
        DataProtectionModule,
        VersionModule,
        VisitsModule,
      ],
      providers: [DemoSeeder],
    };
  }
}

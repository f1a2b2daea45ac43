import type { MigrationInterface, QueryRunner } from 'typeorm';
import { COMMUNES } from '@hsa-lli/common/domain';

/** Loads the communes served (reference data, not demo data) from common/domain. Same for both dialects. */
export class ReferenceCommunes1795280200000 implements MigrationInterface {
  name = 'ReferenceCommunes1795280200000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.manager.insert(
      'communes',
      COMMUNES.map((commune) => ({
        insee: commune.value,
        name: commune.label,
        postalCode: commune.zip_code,
        departement: commune.departement,
        zone: commune.areas,
      })),
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.manager.clear('communes');
  }
}

import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { MeAnswer } from '@hsa-lli/common/domain';
import type { Repository } from 'typeorm';
import { User } from './entities/user.entity.js';

@Injectable()
export class UsersService {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  /** The account of the session's user, as its owner sees it on /mes-identifiants. */
  async me(id: number): Promise<MeAnswer['user']> {
    const user = await this.users.findOneBy({ id, active: true });
    if (!user) throw new NotFoundException();
    return { id: user.id, email: user.email, first_name: user.firstName, last_name: user.lastName };
  }
}

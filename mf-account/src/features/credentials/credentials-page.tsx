import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { MeAnswer } from '@hsa-lli/common/domain';
import { http } from '@hsa-lli/common/http';
import { AccountLinks } from '@hsa-lli/common/ui';
import { DevicesSection } from './devices-section.js';
import { EmailSection } from './email-section.js';
import { PasswordSection } from './password-section.js';
import './credentials.css';

export async function credentialsLoader({ request }: LoaderFunctionArgs) {
  const { user } = await http.post<MeAnswer>('/users/get-me', undefined, { controller: request, minDuration: 0 });
  return user;
}

/** The logged-in user's credentials: their address, their password, and the devices where their account is open. */
export function CredentialsPage() {
  const user = useLoaderData<typeof credentialsLoader>();
  const owner = { email: user.email, firstName: user.first_name, lastName: user.last_name };
  return (
    <section className="ui-page credentials">
      <h1>Mes identifiants</h1>
      <p>
        {[user.first_name, user.last_name].filter(Boolean).join(' ')}, retrouvez ici ce qui vous permet de vous connecter à votre espace, et les
        appareils où il est ouvert.
      </p>
      {/* « Mon compte » leads every role here: the way on to its own area (the back office, the committee, the file). */}
      <AccountLinks label="Mon espace" className="credentials__links" others />
      <EmailSection email={user.email} />
      <PasswordSection owner={owner} />
      <DevicesSection />
    </section>
  );
}

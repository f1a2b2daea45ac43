import { useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { EraseMeAnswer, MeAnswer } from '@hsa-lli/common/domain';
import { http } from '@hsa-lli/common/http';
import { selectRoles, useAppSelector } from '@hsa-lli/common/store';
import { AccountLinks } from '@hsa-lli/common/ui';
import { AlertsSection } from './alerts-section.js';
import { DataSection } from './data-section.js';
import { DevicesSection } from './devices-section.js';
import { EmailSection } from './email-section.js';
import { ErasureConfirmation } from './erasure-confirmation.js';
import { PasswordSection } from './password-section.js';
import './credentials.css';

export async function credentialsLoader({ request }: LoaderFunctionArgs) {
  const { user } = await http.post<MeAnswer>('/users/get-me', undefined, { controller: request, minDuration: 0 });
  return user;
}

/**
 * The logged-in user's credentials: their address, their password, the devices where their account is open, and the
 * e-mail alerts of their address; a customer's data too (its archive, and the erasure of the account and file, confirmed here once done).
 */
export function CredentialsPage() {
  const user = useLoaderData<typeof credentialsLoader>();
  // The session's roles, as the shell keeps them (get-me names the person only): staff have no file of their own.
  const customer = useAppSelector(selectRoles).includes('customer');
  const [erased, setErased] = useState<EraseMeAnswer | null>(null);
  if (erased) return <ErasureConfirmation answer={erased} />;
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
      <AlertsSection email={user.email} />
      {customer && <DataSection onErased={setErased} />}
    </section>
  );
}

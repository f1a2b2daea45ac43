import { useState } from 'react';
import { useLocation } from 'react-router';
import { logOut, useAppDispatch } from '@hsa-lli/common/store';

/** Logs out, then reloads the site (the admin area goes to /login); a failure only stops the loader. */
export function useLogout() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const [pending, setPending] = useState(false);
  const logout = async () => {
    setPending(true);
    try {
      await dispatch(logOut()).unwrap();
      window.location.assign(pathname.startsWith('/admin') ? '/login' : '/');
    } catch {
      setPending(false);
    }
  };
  return { logout, pending };
}

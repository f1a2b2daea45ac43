import { Outlet } from 'react-router';
import { Banners } from './banners.js';
import { Footer } from './footer.js';
import { Header } from './header.js';
import { MessageArea } from '../components/message-area.js';

export function PublicLayout() {
  return (
    <div className="shell-public">
      <a className="shell-skip" href="#contenu">
        Aller au contenu
      </a>
      <Banners />
      <Header />
      <main id="contenu" className="shell-main">
        <MessageArea />
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

import { Outlet } from 'react-router';
import { Banners } from '../components/banners.js';
import { Footer } from '../components/footer.js';
import { Header } from '../components/header.js';
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

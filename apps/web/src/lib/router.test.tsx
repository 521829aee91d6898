// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ReactNode, useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  anyPath,
  BrowserRouter,
  HistoryRouter,
  Link,
  MemoryRouter,
  memoryHistory,
  NavLink,
  Route,
  Routes,
  resolveTo,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from './router';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

function Where() {
  const { pathname, search, hash, key, state } = useLocation();
  return (
    <output aria-label="where" data-key={key} data-state={JSON.stringify(state)}>
      {pathname + search + hash}
    </output>
  );
}
const where = () => screen.getByLabelText('where');

function Param({ name }: { name: string }) {
  return <p>{`${name}=${useParams()[name]}`}</p>;
}

const frameMounts: string[] = [];
function Frame({ children }: { children: ReactNode }) {
  useEffect(() => void frameMounts.push('frame'), []);
  return <main>{children}</main>;
}

function Controls() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  return (
    <>
      <p>{`q=${params.get('q')}`}</p>
      <button type="button" onClick={() => navigate('/orders', { replace: true })}>
        Replace
      </button>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
      <button
        type="button"
        onClick={() =>
          setParams(
            (current) => {
              current.delete('create');
              current.set('q', 'shoes');
              return current;
            },
            { replace: true },
          )
        }
      >
        Search
      </button>
    </>
  );
}

describe('memoryHistory', () => {
  it('starts at the last entry; the first entry is the one opened (key "default"), the others were navigated to', () => {
    const history = memoryHistory(['/home', '/campaigns?q=x#top']);
    expect(history.current()).toMatchObject({ pathname: '/campaigns', search: '?q=x', hash: '#top', state: null });
    expect(history.current().key).not.toBe('default');
    history.go(-1);
    expect(history.current()).toMatchObject({ pathname: '/home', key: 'default' });
  });

  it('pushes after the current entry (dropping the forward ones), replaces in place, and stays within its ends', () => {
    const history = memoryHistory(['/a', '/b', '/c'], 1);
    history.push('/d', { state: { from: 'b' } });
    expect(history.current()).toMatchObject({ pathname: '/d', state: { from: 'b' } });
    history.go(1);
    expect(history.current().pathname).toBe('/d');
    history.push('/e', { replace: true });
    history.go(-1);
    expect(history.current().pathname).toBe('/b');
    history.go(-5);
    expect(history.current().pathname).toBe('/a');
    history.go(5);
    expect(history.current().pathname).toBe('/e');
  });

  it('reads a relative address against the current one', () => {
    const history = memoryHistory(['/chat?c=1#m']);
    history.push('?c=2');
    expect(history.current()).toMatchObject({ pathname: '/chat', search: '?c=2', hash: '' });
  });
});

describe('resolveTo', () => {
  const from = { pathname: '/chat', search: '?c=1' };
  it('keeps an absolute path, puts a query on this page, a hash on this page and query', () => {
    expect(resolveTo('/settings?section=x', from)).toBe('/settings?section=x');
    expect(resolveTo('?c=2', from)).toBe('/chat?c=2');
    expect(resolveTo('#top', from)).toBe('/chat?c=1#top');
  });
});

describe('anyPath', () => {
  it('matches any of its patterns as the router does (whole path, a trailing slash, any case) and nothing else', () => {
    const wizard = /^\/(?<role>client|influencer)-wizard-(?<step>[123])\/?$/i;
    const group = anyPath(['/', '/campaigns/:id', wizard]);
    for (const path of ['/', '/campaigns/abc', '/Campaigns/abc/', '/client-wizard-2'])
      expect(group.test(path)).toBe(true);
    for (const path of ['/campaigns', '/campaigns/abc/edit', '/admin', '/client-wizard-4']) {
      expect(group.test(path)).toBe(false);
    }
  });
});

describe('Routes', () => {
  it('shows the first route that matches, with its parameters; a route without a path catches the rest', () => {
    const app = (at: string) => (
      <MemoryRouter key={at} initialEntries={[at]}>
        <Routes>
          <Route path="/campaigns" element={<p>list</p>} />
          <Route path="/campaigns/:id" element={<Param name="id" />} />
          <Route element={<p>not found</p>} />
        </Routes>
      </MemoryRouter>
    );
    const { rerender } = render(app('/campaigns/c-42'));
    expect(screen.getByText('id=c-42')).toBeInTheDocument();
    rerender(app('/campaigns'));
    expect(screen.getByText('list')).toBeInTheDocument();
    rerender(app('/campaigns/c-42/edit'));
    expect(screen.getByText('not found')).toBeInTheDocument();
  });

  it('keeps a grouping route’s element mounted while the person moves between the pages inside it', () => {
    frameMounts.length = 0;
    const history = memoryHistory(['/home']);
    render(
      <HistoryRouter history={history}>
        <Routes>
          <Route path={anyPath(['/home', '/orders'])}>
            <Frame>
              <Routes>
                <Route path="/home" element={<h1>Home</h1>} />
                <Route path="/orders" element={<h1>Orders</h1>} />
              </Routes>
            </Frame>
          </Route>
        </Routes>
      </HistoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    act(() => history.push('/orders'));
    expect(screen.getByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(frameMounts).toEqual(['frame']);
  });
});

describe('Link', () => {
  it('is a real link to the resolved address; a plain click moves within the app, with its state', () => {
    const history = memoryHistory(['/chat?c=1']);
    render(
      <HistoryRouter history={history}>
        <Link to="?c=2" state={{ from: 'list' }}>
          Second chat
        </Link>
        <Where />
      </HistoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Second chat' });
    expect(link).toHaveAttribute('href', '/chat?c=2');
    fireEvent.click(link);
    expect(where()).toHaveTextContent('/chat?c=2');
    expect(where()).toHaveAttribute('data-state', '{"from":"list"}');
    act(() => history.go(-1));
    expect(where()).toHaveTextContent('/chat?c=1');
  });

  it('leaves a click with a modifier, another button or a target to the browser', () => {
    render(
      <MemoryRouter initialEntries={['/auth']}>
        <Link to="/terms">Terms</Link>
        <Link to="/privacy" target="_blank">
          Policy
        </Link>
        <Where />
      </MemoryRouter>,
    );
    const terms = screen.getByRole('link', { name: 'Terms' });
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      expect(fireEvent.click(terms, init)).toBe(true);
    }
    expect(fireEvent.click(screen.getByRole('link', { name: 'Policy' }))).toBe(true);
    expect(where()).toHaveTextContent('/auth');
  });

  it('leaves another site’s address to the browser, as written', () => {
    render(
      <MemoryRouter initialEntries={['/settings']}>
        <Link to="https://www.youtube.com/@nino">Channel</Link>
        <Link to="//cdn.example/terms.pdf">Terms PDF</Link>
        <Where />
      </MemoryRouter>,
    );
    const channel = screen.getByRole('link', { name: 'Channel' });
    expect(channel).toHaveAttribute('href', 'https://www.youtube.com/@nino');
    expect(screen.getByRole('link', { name: 'Terms PDF' })).toHaveAttribute('href', '//cdn.example/terms.pdf');
    expect(fireEvent.click(channel)).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Terms PDF' }))).toBe(true);
    expect(where()).toHaveTextContent('/settings');
  });

  it('replaces the entry when it leads where the person already is (no copies to go back through)', () => {
    const history = memoryHistory(['/home', '/orders']);
    render(
      <HistoryRouter history={history}>
        <Link to="/orders">Orders</Link>
        <Where />
      </HistoryRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Orders' }));
    act(() => history.go(-1));
    expect(where()).toHaveTextContent('/home');
  });
});

describe('NavLink', () => {
  it('is current on its own address and below it, or on its address alone with `end`', () => {
    render(
      <MemoryRouter initialEntries={['/admin/people/p-1']}>
        <NavLink to="/admin" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Console
        </NavLink>
        <NavLink to="/admin/people" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          People
        </NavLink>
        <NavLink to="/admin/peoplex">Other</NavLink>
        <NavLink to="/">Start</NavLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Console' })).toHaveClass('off');
    expect(screen.getByRole('link', { name: 'Console' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'People' })).toHaveClass('on');
    expect(screen.getByRole('link', { name: 'People' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Other' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Start' })).not.toHaveAttribute('aria-current');
  });

  it('is current in any case and with a trailing slash, as the routes match', () => {
    render(
      <MemoryRouter initialEntries={['/Admin/People/']}>
        <NavLink to="/admin/people" end>
          People
        </NavLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'People' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('useNavigate and useSearchParams', () => {
  it('changes the query from a copy of the current one, keeps the path, and can replace the entry', () => {
    const history = memoryHistory(['/home', '/campaigns?create=1#list']);
    render(
      <HistoryRouter history={history}>
        <Controls />
        <Where />
      </HistoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(where()).toHaveTextContent(/^\/campaigns\?q=shoes$/);
    expect(screen.getByText('q=shoes')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Replace' }));
    expect(where()).toHaveTextContent('/orders');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(where()).toHaveTextContent('/home');
    expect(where()).toHaveAttribute('data-key', 'default');
  });
});

describe('BrowserRouter', () => {
  it('writes its entries as React Router did ({ usr, key } in history.state) and follows Back', async () => {
    window.history.replaceState(null, '', '/home');
    render(
      <BrowserRouter>
        <Link to="/settings?section=profile" state={{ settingsFrom: 'menu' }}>
          Profile
        </Link>
        <Where />
      </BrowserRouter>,
    );
    expect(where()).toHaveAttribute('data-key', 'default');
    fireEvent.click(screen.getByRole('link', { name: 'Profile' }));
    expect(window.location.pathname + window.location.search).toBe('/settings?section=profile');
    expect(window.history.state).toMatchObject({ usr: { settingsFrom: 'menu' }, key: expect.any(String) });
    expect(where()).toHaveTextContent('/settings?section=profile');
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(where()).toHaveTextContent('/home');
    expect(where()).toHaveAttribute('data-key', 'default');
  });
});

/**
 * Each page's static shell, rendered at build time (issue 16, decision 179) by
 * `build/prerender-plugin.ts`, which loads this module in Node: the app's own header (layout,
 * logo, language switcher), the page's heading and a skeleton of its content, with the CSS
 * those need. The server sends it for the page's address, so the first paint does not wait for
 * JavaScript; the app then renders the page in its place (main.tsx waits until the page's code
 * and texts are there, so the header and the heading are drawn again where they already were).
 * The home page has no state of its own and is rendered whole. Nothing here ships to the browser.
 */
import { PANELS, type Panel } from '@clinicpass/shared/constants';
import {
  MEMBER_ON_DEVICE_COOKIE,
  type Announcement,
  type Ticket,
  type TicketType,
} from '@clinicpass/shared/schemas/outpatient';
import { LANGUAGE_PREFIXES, type Language } from '@clinicpass/shared/i18n/languages';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Outlet, Route, Routes, StaticRouter } from 'react-router';

import { AppLayout, type LayoutHandle } from '../components/app-layout';
import { paths } from '../config/paths';
import { StackedNotification, type NotificationType } from '../components/notification';
import {
  AnnouncementBanners,
  announcementsKey,
} from '../features/announcements/components/announcement-banners';
import { DoctorFinderPage } from '../features/doctor-finder/components/doctor-finder-page';
import { LandingArtwork } from '../features/doctor-finder/components/landing-artwork';
import { ResultsPage } from '../features/doctor-finder/components/result-list';
import { LANDING_CARD_WIDTH } from '../features/doctor-finder/components/landing-view';
import { LoginPage } from '../features/auth/components/login-page';
import { REGIONS, SERVICES, servicePoint } from '../features/doctor-finder/model/sample-network';
import { HomePage } from '../features/home/components/home-page';
import { MemberCardPage } from '../features/member-card/components/member-card-page';
import {
  MemberFrame,
  MemberLoading,
  type MemberContext,
} from '../features/member-card/components/member-layout';
import { QrCodesPage } from '../features/member-card/components/qr-codes-page';
import { InlineNotification } from '../components/notification';
import { BuildTimeNavigation, RouteStatusContext } from '../lib/app-router';
import { i18n, loadLanguage } from '../lib/i18n';
import { HTML_LANG } from '../lib/language';

import { AppProviders } from './providers';

/** A page with a prerendered shell: where the server uses it, and what it shows. */
export interface PrerenderedPage {
  /** File name under dist/prerendered/{en,zh-hk}/. */
  name: string;
  /** The address (after `/{lang}`) as a regular expression source, matched whole. */
  pattern: string;
  /** Served only to an address without a query, or only with one (the finder's landing and its
   * results share their address). */
  query?: 'without' | 'with';
  /**
   * Served only to a request without this cookie; a later entry serves the others (decision
   * 232).
   */
  withoutCookie?: string;
  /** An address this shell stands for, to render it. */
  example: string;
  /** The query of the address `styles` is rendered at (the finder's results: a search). */
  exampleQuery?: string;
  handle?: LayoutHandle;
  /**
   * The page's largest paint is drawn by the app, not by this shell (the QR page's cards, sent
   * only to a device holding a member since decision 232; login's maintenance banner): its
   * scripts start as soon as the page is parsed, not after the shell's paint (decision 228),
   * which would only hold the app back.
   */
  appDrawsLargestPaint?: true;
  /** The page's own `<title>` text and content. */
  content: (t: typeof i18n.t) => { title: string; body: ReactNode };
  /**
   * What the app draws in the shell's place, rendered only for its CSS (as the banners are):
   * the browser's emotion finds those rules in the shell's style element and does not compile
   * them in the commit that replaces the shell (stylis was most of that task on the member card
   * form).
   */
  styles?: () => ReactNode;
  /**
   * Answers the queries `styles` left waiting (the finder's reference lists and results) with
   * sample data, so that the next render draws what they show; false when none was waiting.
   */
  answer?: (client: QueryClient) => boolean;
}

function Lines({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={56} />
      ))}
      <Skeleton variant="rounded" height={44} width="50%" />
    </>
  );
}

/**
 * Heading and a skeleton of the content, laid out as the page lays out its own (the sign-in
 * pages' layout has vertical padding, the member pages' none), so the heading stays put.
 */
function PageSkeleton({
  heading,
  intro,
  lines = 3,
  padded = false,
}: {
  heading: string;
  /** The page's standing intro, drawn whole (decision 219): often its largest text. */
  intro?: string;
  lines?: number;
  padded?: boolean;
}) {
  return (
    <Stack spacing={2} sx={padded ? { py: { xs: 1, sm: 3 } } : undefined} aria-busy="true">
      <Typography variant="h1">{heading}</Typography>
      {intro !== undefined && <Typography>{intro}</Typography>}
      <Lines count={lines} />
    </Stack>
  );
}

/**
 * The member card form (decision 219): its heading, its fields as skeletons, and its standing
 * texts drawn whole, where the form draws them. The note on why the HKID number is asked is the
 * page's largest text: in the shell it is painted with the first paint, instead of being the
 * page's largest paint only once the app has rendered. Fields stay skeletons: a field typed into
 * before the app starts would lose its text when the app takes its place.
 */
function MemberFormSkeleton({ t, expired = false }: { t: typeof i18n.t; expired?: boolean }) {
  return (
    <Stack spacing={2} aria-busy="true">
      <Typography variant="h1">{t('member-card:heading')}</Typography>
      {expired && (
        <InlineNotification type="info" variant="outlined" live="none">
          {t('member-card:form.expired')}
        </InlineNotification>
      )}
      <Stack spacing={2.5}>
        <Skeleton variant="rounded" height={42} width="80%" />
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
        <Typography variant="body2" color="text.secondary">
          {t('member-card:phoneHint')}
        </Typography>
        <InlineNotification type="info" variant="outlined" live="none">
          {t('member-card:form.whyHkid')}
        </InlineNotification>
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={44} />
      </Stack>
    </Stack>
  );
}

/** The finder's results: their heading (and, for the primary panel, its intro), then the list. */
function FinderResultsSkeleton({ panel, t }: { panel: Panel; t: typeof i18n.t }) {
  return (
    <Stack spacing={2.5} aria-busy="true">
      <Stack spacing={1}>
        <Typography variant="h1">{t(`doctor-finder:results.heading.${panel}`)}</Typography>
        {panel === PANELS.primary && (
          <Typography>{t('doctor-finder:results.intro.description')}</Typography>
        )}
      </Stack>
      <Lines count={3} />
    </Stack>
  );
}

/** The finder's landing: its artwork and the centred card with the heading (LandingView). */
function FinderSkeleton({ panel, t }: { panel: Panel; t: typeof i18n.t }) {
  return (
    <>
      <LandingArtwork panel={panel} />
      <Stack
        sx={{ alignItems: 'center', justifyContent: 'center', minHeight: { sm: '70vh' }, py: 2 }}
      >
        <Card sx={{ width: '100%', maxWidth: LANDING_CARD_WIDTH }} elevation={3}>
          <CardContent component={Stack} spacing={2} sx={{ p: { xs: 2, sm: 4 } }} aria-busy="true">
            <Typography variant="h1">{t(`doctor-finder:landing.${panel}.title`)}</Typography>
            <Typography color="text.secondary">
              {t(`doctor-finder:landing.${panel}.description`)}
            </Typography>
            <Lines count={1} />
          </CardContent>
        </Card>
      </Stack>
    </>
  );
}

const FINDER_PANELS = Object.values(PANELS);

/**
 * A page of sample results, as the service-points query answers it: cards of each kind the
 * finder draws (open, opening later, closed, hours unknown; with a specialty, a note, flagged or
 * stale), so their CSS comes with the shell.
 */
const SAMPLE_RESULTS = {
  results: Array.from({ length: 20 }, (_, index) => {
    const point = servicePoint(index + 1);
    const note = { en: 'Registration until 12:30', zh: '登記至12:30' };
    switch (index % 5) {
      case 1:
        return {
          ...point,
          opening: {
            ...point.opening,
            state: 'opens_later' as const,
            until: null,
            opens_at: '14:00',
          },
          specialty: {
            id: 1,
            slug: 'cardiology',
            description_en: 'Cardiology',
            description_zh: '心臟科',
          },
        };
      case 2:
        return {
          ...point,
          opening: {
            ...point.opening,
            state: 'closed_today' as const,
            until: null,
            hours_note: note,
          },
          flagged: true,
        };
      case 3:
        return {
          ...point,
          opening: { ...point.opening, state: 'unknown' as const, until: null, hours_text: note },
          details_stale: true,
          last_verified_at: null,
        };
      default:
        return point;
    }
  }),
  // Enough pages for the page links' gap.
  pagination: { start: 0, end: 19, total: 450 },
};

/** What the finder's queries answer in its build-time render (see `answer`). */
function sampleAnswerOf(key: readonly unknown[]): unknown {
  switch (key[1]) {
    case 'services':
      return SERVICES;
    case 'country-regions':
      return REGIONS;
    case 'service-points':
      return SAMPLE_RESULTS;
    default:
      return undefined;
  }
}

/** Answers the finder's waiting queries with the sample network (see `answer`). */
function answerFinderQueries(client: QueryClient): boolean {
  let answered = false;
  for (const query of client.getQueryCache().findAll({ queryKey: ['finder'] })) {
    const data = sampleAnswerOf(query.queryKey);
    if (query.state.data !== undefined || data === undefined) continue;
    client.setQueryData(query.queryKey, data);
    answered = true;
  }
  return answered;
}

const SAMPLE_DAY = '2026-01-01';

/** A member's ticket of a type, as the tickets query answers it. */
function sampleTicket(type: TicketType, enabled = true): Ticket {
  return {
    type,
    token: `sample-${type}-token-aaaaaaaaaaaa`,
    number: '1234 5678 9012 3456',
    effective_date: SAMPLE_DAY,
    expiry_date: '2099-12-31',
    enabled,
    name_en: 'Outpatient plan',
    name_zh: '門診計劃',
    service_types: [],
    policy_number: 'P0000000',
    membership_number: 'CP-0000-0000',
    holder_name_en: 'Chan Tai Man',
    holder_name_zh: '陳大文',
    token_expires_at: '2099-12-31T00:00:00.000Z',
  };
}

/** What the member frame hands its pages (member-layout.tsx), for the QR page's render. */
const SAMPLE_MEMBER: MemberContext = {
  token: '',
  member: {
    name_en: 'Chan Tai Man',
    name_zh: '陳大文',
    membership_number: 'CP-0000-0000',
    member_code: 'M0000',
    policy_number: 'P0000000',
    card_type: 'wea',
    medical_network_panel: null,
    body_check: {
      checks_per_year: 1,
      effective_date: SAMPLE_DAY,
      status: 'effective',
      last_check_date: null,
    },
    covered_services: [],
    usage: {
      policy_year_start: SAMPLE_DAY,
      policy_year_end: '2026-12-31',
      visits_used: 2,
      visits_included: 10,
      body_checks_left: 1,
      last_visit: null,
    },
  },
  // The body-check ticket not yet effective: a card of each kind.
  tickets: [sampleTicket('visit'), sampleTicket('payment'), sampleTicket('body-check', false)],
};

/** The member frame, as it waits and then with the sample member in its outlet. */
function SampleMemberFrame() {
  return (
    <MemberFrame>
      <MemberLoading />
      <Outlet context={SAMPLE_MEMBER} />
    </MemberFrame>
  );
}

/** The member pages behind the member gate, as their addresses end. */
const MEMBER_PAGES = [
  paths.outpatient.memberQr.path,
  paths.outpatient.memberBodyCheck.path,
  paths.outpatient.memberDoctors.path,
  paths.outpatient.memberMembership.path,
];

export const PRERENDERED_PAGES: PrerenderedPage[] = [
  {
    name: 'home',
    pattern: '',
    example: '',
    content: (t) => ({ title: t('home:documentTitle'), body: <HomePage /> }),
  },
  {
    name: 'member-card',
    pattern: '/outpatient/e-card/member',
    example: '/outpatient/e-card/member',
    content: (t) => ({
      title: t('member-card:documentTitle'),
      body: <MemberFormSkeleton t={t} />,
    }),
    styles: () => <MemberCardPage />,
  },
  {
    // A member page's address on a device holding no member (decision 232): the app sends the
    // visit to the form, saying the card has closed (member-gate.tsx), so that is the shell.
    name: 'member-card-expired',
    pattern: `/outpatient/e-card/member/(?:${MEMBER_PAGES.join('|')})`,
    withoutCookie: MEMBER_ON_DEVICE_COOKIE,
    example: '/outpatient/e-card/member',
    content: (t) => ({
      title: t('member-card:documentTitle'),
      body: <MemberFormSkeleton t={t} expired />,
    }),
    styles: () => <MemberCardPage />,
  },
  {
    name: 'member-qr',
    pattern: '/outpatient/e-card/member/qr',
    example: '/outpatient/e-card/member/qr',
    appDrawsLargestPaint: true,
    content: (t) => ({
      title: t('member-card:qr.documentTitle'),
      body: <PageSkeleton heading={t('member-card:qr.heading.page')} lines={2} />,
    }),
    styles: () => (
      <Routes>
        <Route element={<SampleMemberFrame />}>
          <Route path="*" element={<QrCodesPage />} />
        </Route>
      </Routes>
    ),
  },
  {
    name: 'login',
    pattern: '/outpatient/login',
    example: '/outpatient/login',
    appDrawsLargestPaint: true,
    content: (t) => ({
      title: t('auth:login.documentTitle'),
      body: (
        <PageSkeleton
          heading={t('auth:login.heading')}
          intro={t('auth:login.intro')}
          lines={2}
          padded
        />
      ),
    }),
    styles: () => <LoginPage />,
  },
  ...FINDER_PANELS.flatMap((panel): PrerenderedPage[] => [
    {
      name: `finder-${panel}`,
      pattern: `/(?:outpatient/doctor-list|health/network)/${panel}/(?!service-code/?$)[^/]+`,
      query: 'without',
      example: `/outpatient/doctor-list/${panel}/P0000000`,
      handle: { layoutWidth: 'lg' },
      content: (t) => ({
        title: t('doctor-finder:documentTitle'),
        body: <FinderSkeleton panel={panel} t={t} />,
      }),
      styles: () => <DoctorFinderPage panel={panel} policyNumber="P0000000" />,
      answer: answerFinderQueries,
    },
    {
      name: `finder-results-${panel}`,
      pattern: `/(?:outpatient/doctor-list|health/network)/${panel}/(?!service-code/?$)[^/]+`,
      query: 'with',
      example: `/outpatient/doctor-list/${panel}/P0000000`,
      exampleQuery: '?districts=A',
      handle: { layoutWidth: 'lg' },
      content: (t) => ({
        title: t('doctor-finder:documentTitle'),
        body: <FinderResultsSkeleton panel={panel} t={t} />,
      }),
      // The page's cards are drawn from a deferred value, which a build-time render leaves at
      // its first (none): a page of them is rendered beside it.
      styles: () => (
        <>
          <DoctorFinderPage panel={panel} policyNumber="P0000000" />
          <ResultsPage
            panel={panel}
            data={SAMPLE_RESULTS}
            chosenDistricts={[]}
            onPage={() => undefined}
          />
        </>
      ),
      answer: answerFinderQueries,
    },
  ]),
];

export interface PrerenderedHtml {
  /** `<html lang>`. */
  htmlLang: string;
  title: string;
  /** The `<style>` element with the CSS of the markup. */
  style: string;
  /** The content of `#root`. */
  markup: string;
}

// Read while rendering by the layout (service status, runtime configuration): a first visit has
// no cookie and the server's meta tags are not known at build time.
const noDocument = { cookie: '', querySelector: () => null };

const BANNER_TYPES: NotificationType[] = ['error', 'warning', 'success', 'info'];

/**
 * The banners a page shows when announcements or the app's own notifications arrive after the
 * first paint, rendered only for their CSS (decision 227): the stack collapsed with its "show
 * all" control, and a banner of each kind with and without its dismiss button. The browser's
 * emotion finds their rules in the page's style element and does not compile them while the
 * answer is drawn.
 */
function BannerStyles() {
  return (
    <>
      <AnnouncementBanners />
      {BANNER_TYPES.flatMap((type) => [
        <StackedNotification key={type} notification={{ id: type, type, body: '' }} />,
        <StackedNotification
          key={`${type}-dismissable`}
          notification={{ id: type, type, body: '' }}
          onDismiss={() => undefined}
        />,
      ])}
    </>
  );
}

/** A cache holding two announcements, so the banner stack renders collapsed. */
function bannerQueryClient(): QueryClient {
  const client = new QueryClient();
  const sample = (id: number, type: NotificationType): Announcement => ({
    id,
    content_en: '',
    content_zh: '',
    content: '',
    is_dismissable: true,
    message_type: type,
    tags: ['guest'],
  });
  client.setQueryData(announcementsKey(undefined), [sample(1, 'warning'), sample(2, 'info')]);
  return client;
}

/** Renders a page's shell in a language, with the CSS of what it rendered. */
export async function prerender(
  page: PrerenderedPage,
  language: Language,
): Promise<PrerenderedHtml> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  const t = i18n.getFixedT(language);
  const { title, body } = page.content(t);
  const path = `/${LANGUAGE_PREFIXES[language]}${page.example}`;

  const cache = createCache({ key: 'css' });
  // Collect the styles instead of writing them next to each element (as @emotion/server does).
  cache.compat = true;
  const globals = globalThis as { document?: unknown };
  const hadDocument = 'document' in globals;
  if (!hadDocument) globals.document = noDocument;
  let markup: string;
  try {
    markup = renderToString(
      <CacheProvider value={cache}>
        <AppProviders queryClient={new QueryClient()}>
          <StaticRouter location={path}>
            <RouteStatusContext.Provider value={{ navigating: false, handles: [page.handle] }}>
              <AppLayout>{body}</AppLayout>
            </RouteStatusContext.Provider>
          </StaticRouter>
        </AppProviders>
      </CacheProvider>,
    );
    renderToString(
      <CacheProvider value={cache}>
        <AppProviders queryClient={bannerQueryClient()}>
          <BannerStyles />
        </AppProviders>
      </CacheProvider>,
    );
    if (page.styles !== undefined) {
      const client = new QueryClient();
      // Rendered again while it waits on queries answered here (each answer can start others:
      // the finder's access check, then its reference lists, then its results).
      for (let pass = 0; pass < 5; pass += 1) {
        renderToString(
          <CacheProvider value={cache}>
            <AppProviders queryClient={client}>
              <StaticRouter location={`${path}${page.exampleQuery ?? ''}`}>
                <BuildTimeNavigation>{page.styles()}</BuildTimeNavigation>
              </StaticRouter>
            </AppProviders>
          </CacheProvider>,
        );
        if (page.answer?.(client) !== true) break;
      }
    }
  } finally {
    if (!hadDocument) delete globals.document;
  }
  const names: string[] = [];
  let css = '';
  for (const [name, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    names.push(name);
    css += rules;
  }
  return {
    htmlLang: HTML_LANG[language],
    title: t('documentTitle', { page: title }),
    // emotion in the browser takes over a `data-emotion` style and does not insert it again.
    style: `<style data-emotion="css ${names.join(' ')}">${css}</style>`,
    // React 19 writes a page's <title> where it renders it; the document's own is set instead.
    markup: markup.replace(/<title>[^<]*<\/title>/g, ''),
  };
}

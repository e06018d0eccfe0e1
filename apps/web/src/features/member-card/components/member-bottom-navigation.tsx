import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import SvgIcon from '@mui/material/SvgIcon';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n';

export const BOTTOM_NAVIGATION_HEIGHT = 64;

const ICONS = {
  bodyCheck:
    'M19 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2Zm-1 11h-4v4h-4v-4H6v-4h4V6h4v4h4v4Z',
  qr: 'M3 11h8V3H3v8Zm2-6h4v4H5V5Zm8-2v8h8V3h-8Zm6 6h-4V5h4v4ZM3 21h8v-8H3v8Zm2-6h4v4H5v-4Zm13 4h2v2h-2v-2Zm-5-6h2v2h-2v-2Zm2 2h2v2h-2v-2Zm-2 2h2v2h-2v-2Zm2 2h2v2h-2v-2Zm2-2h2v2h-2v-2Zm0-4h2v2h-2v-2Zm2 2h2v2h-2v-2Z',
  doctor:
    'M15.5 14h-.79l-.28-.27A6.47 6.47 0 0 0 16 9.5 6.5 6.5 0 1 0 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19l-4.99-5Zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14Z',
  membership:
    'M20 4H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2Zm-11 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm4 10H5v-1c0-1.33 2.67-2 4-2s4 .67 4 2v1Zm6-3h-4v-2h4v2Zm0-4h-4V8h4v2Z',
} as const;

/** The four tabs of the member pages (spec §2.1 item 6). */
export function MemberBottomNavigation() {
  const { t } = useTranslation('member-card');
  const language = useLanguage();
  const { pathname } = useLocation();
  const tabs = [
    {
      key: 'bodyCheck',
      href: paths.outpatient.memberBodyCheck.getHref(language),
      label: t('nav.bodyCheck'),
    },
    { key: 'qr', href: paths.outpatient.memberQr.getHref(language), label: t('nav.qr') },
    {
      key: 'doctor',
      href: paths.outpatient.memberDoctors.getHref(language),
      label: t('nav.searchDoctor'),
    },
    {
      key: 'membership',
      href: paths.outpatient.memberMembership.getHref(language),
      label: t('nav.membership'),
    },
  ] as const;
  const current = tabs.find((tab) => pathname === tab.href)?.href ?? false;

  // Banners on narrow screens sit above the bar.
  useEffect(() => {
    document.documentElement.style.setProperty(
      '--bottom-navigation-height',
      `${BOTTOM_NAVIGATION_HEIGHT}px`,
    );
    return () => {
      document.documentElement.style.removeProperty('--bottom-navigation-height');
    };
  }, []);

  return (
    <Paper
      component="nav"
      aria-label={t('nav.label')}
      elevation={3}
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 'appBar',
        pb: 'env(safe-area-inset-bottom)',
      }}
    >
      <BottomNavigation value={current} showLabels sx={{ height: BOTTOM_NAVIGATION_HEIGHT }}>
        {tabs.map((tab) => (
          <BottomNavigationAction
            key={tab.key}
            component={RouterLink}
            to={tab.href}
            replace
            value={tab.href}
            label={tab.label}
            aria-current={current === tab.href ? 'page' : undefined}
            icon={
              <SvgIcon aria-hidden>
                <path d={ICONS[tab.key]} />
              </SvgIcon>
            }
            sx={{
              minWidth: 0,
              px: 0.5,
              '& .MuiBottomNavigationAction-label': {
                fontSize: '0.75rem',
                lineHeight: 1.2,
                textAlign: 'center',
              },
            }}
          />
        ))}
      </BottomNavigation>
    </Paper>
  );
}

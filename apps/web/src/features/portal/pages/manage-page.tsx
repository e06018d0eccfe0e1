import { POLICY_STATUS_LABELS, statusLabel } from '@clinicpass/shared/platform/status-labels';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useOutletContext, useParams } from 'react-router';

import type { PolicyDetail } from '@clinicpass/shared/platform/entities/policy';

import { useLanguage } from '../../../lib/i18n';
import { usePolicy } from '../api/policies';
import { PortalNotFoundState, RecordError } from '../components/not-found-state';
import { PageHeading } from '../components/page-heading';
import { LoadingState } from '../components/states';
import { productName } from '../lib/format';
import { useRouteId } from '../lib/route-id';
import { SECTION_COMPONENTS } from '../manage/sections';
import { MANAGE_SECTIONS, portalPaths, type ManageSection } from '../portal-paths';

const isSection = (value: string | undefined): value is ManageSection =>
  MANAGE_SECTIONS.some((section) => section === value);

/** `manage/p/:id/…`: the policy's heading, its sections as a navigation, the section below. */
export function ManagePage() {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  const id = useRouteId();
  const { section } = useParams();
  const policy = usePolicy(id);
  if (id === null) return <PortalNotFoundState />;
  if (section === undefined) return <Navigate to={portalPaths.manage.href(language, id)} replace />;
  // An unknown section is an unknown page: Not Found alone, with its one heading.
  if (!isSection(section)) return <PortalNotFoundState />;
  if (policy.isPending) return <LoadingState />;
  if (policy.isError)
    return <RecordError error={policy.error} onRetry={() => void policy.refetch()} />;
  return (
    <Stack spacing={2}>
      <PageHeading
        title={t(`manage.sections.${section}`)}
        subtitle={`${productName(policy.data.product, language)} · ${t('policies.policyNumber', { number: policy.data.policy_number })} · ${statusLabel(POLICY_STATUS_LABELS, policy.data.status, language)}`}
        back={{ to: portalPaths.policy.href(language, id), label: t('manage.backToPolicy') }}
      />
      <Box
        component="nav"
        aria-label={t('manage.heading')}
        sx={{
          // Wrapped on a phone: every section in sight, none cut at the screen's edge.
          display: 'flex',
          flexWrap: 'wrap',
          gap: 0.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {MANAGE_SECTIONS.map((name) => (
          <Button
            key={name}
            component={NavLink}
            to={portalPaths.manage.href(language, id, name)}
            replace
            sx={{
              minHeight: 44,
              flexShrink: 0,
              whiteSpace: 'nowrap',
              borderRadius: 0,
              borderBottom: 2,
              borderColor: 'transparent',
              '&[aria-current="page"]': { borderColor: 'primary.main', fontWeight: 700 },
            }}
          >
            {t(`manage.sections.${name}`)}
          </Button>
        ))}
      </Box>
      <Outlet context={policy.data} />
    </Stack>
  );
}

/** One section of `manage/p/:id`, given the policy the page loaded (ManagePage checked the name). */
export function ManageSectionPage() {
  const policy = useOutletContext<PolicyDetail>();
  const { section } = useParams();
  if (!isSection(section)) return null;
  const Section = SECTION_COMPONENTS[section];
  return <Section policy={policy} />;
}

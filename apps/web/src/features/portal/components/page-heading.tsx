import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { DocumentTitle } from '../../../components/document-title';

/** A portal page's title (tab and h1) and, optionally, the way up to its parent page. */
export function PageHeading({
  title,
  subtitle,
  back,
}: {
  title: string;
  subtitle?: string;
  back?: { to: string; label: string };
}) {
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <DocumentTitle page={title} />
      {back !== undefined && (
        <Button component={RouterLink} to={back.to} sx={{ minHeight: 44, px: 0 }}>
          {`← ${back.label}`}
        </Button>
      )}
      <Typography variant="h1">{title}</Typography>
      {subtitle !== undefined && <Typography color="text.secondary">{subtitle}</Typography>}
    </Stack>
  );
}

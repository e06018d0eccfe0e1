import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { DocumentTitle } from './document-title';

interface StatusPageProps {
  documentTitle: string;
  heading: string;
  body: string;
  action: { label: string; to: string };
}

/** The shape shared by the not-found and error pages: one heading, one sentence, one way out. */
export function StatusPage({ documentTitle, heading, body, action }: StatusPageProps) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start', py: { xs: 2, sm: 4 } }}>
      <DocumentTitle page={documentTitle} />
      <Typography variant="h1">{heading}</Typography>
      <Typography>{body}</Typography>
      <Button component={RouterLink} to={action.to} variant="contained">
        {action.label}
      </Button>
    </Stack>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

import { pageItems } from '../model/pagination';

interface PaginationNavProps {
  page: number;
  pages: number;
  mobile: boolean;
  onChange: (page: number) => void;
}

/** Page links with the window rules of spec §5; hidden at one page or fewer. */
export function PaginationNav({ page, pages, mobile, onChange }: PaginationNavProps) {
  const { t } = useTranslation('doctor-finder');
  const items = pageItems(page, pages, mobile);
  if (items.length === 0) return null;
  const go = (target: number) => {
    onChange(target);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const compact = { minWidth: 44, px: 1 } as const;
  return (
    <Box
      component="nav"
      aria-label={t('pagination.label')}
      sx={{ display: 'flex', justifyContent: 'center', py: 2 }}
    >
      <Stack
        component="ul"
        direction="row"
        spacing={0.5}
        sx={{ listStyle: 'none', p: 0, m: 0, alignItems: 'center', flexWrap: 'wrap' }}
      >
        <li>
          <Button
            sx={compact}
            disabled={page <= 1}
            onClick={() => {
              go(page - 1);
            }}
            aria-label={t('pagination.previous')}
          >
            ‹
          </Button>
        </li>
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Button
                sx={compact}
                variant={item === page ? 'contained' : 'text'}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pagination.page', { page: item })}
                onClick={() => {
                  go(item);
                }}
              >
                {item}
              </Button>
            </li>
          ) : (
            <Box component="li" key={item} aria-hidden sx={{ px: 1 }}>
              …
            </Box>
          ),
        )}
        <li>
          <Button
            sx={compact}
            disabled={page >= pages}
            onClick={() => {
              go(page + 1);
            }}
            aria-label={t('pagination.next')}
          >
            ›
          </Button>
        </li>
      </Stack>
    </Box>
  );
}

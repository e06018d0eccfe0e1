import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { setBookmark } from '../api/bookmarks';
import type { ServicePointList } from '../model/types';

import { BookmarkIcon, BookmarkOutlineIcon } from './icons';

/**
 * The bookmark toggle of a result card (signed-in customers only): a button with aria-pressed,
 * named for the doctor; it shows the new state at once and goes back if the server refuses.
 */
export function BookmarkToggle({
  servicePointId,
  bookmarked,
  doctorName,
}: {
  servicePointId: number;
  bookmarked: boolean;
  doctorName: string;
}) {
  const { t } = useTranslation('doctor-finder');
  const queryClient = useQueryClient();
  const [pressed, setPressed] = useState(bookmarked);
  const mutation = useMutation({
    mutationFn: (next: boolean) => setBookmark(servicePointId, next),
    onMutate: (next) => {
      setPressed(next);
    },
    onError: (_error, next) => {
      setPressed(!next);
    },
    onSuccess: (result) => {
      setPressed(result.is_bookmarked);
      // Every cached list showing this service point shows the new state when revisited (no
      // refetch: the list on screen stays as it is).
      queryClient.setQueriesData<ServicePointList>(
        { queryKey: ['finder', 'service-points'] },
        (list) =>
          list && {
            ...list,
            results: list.results.map((point) =>
              point.id === result.id ? { ...point, is_bookmarked: result.is_bookmarked } : point,
            ),
          },
      );
    },
  });
  return (
    <Box>
      <Button
        variant={pressed ? 'contained' : 'outlined'}
        color="secondary"
        size="small"
        aria-pressed={pressed}
        aria-label={t('card.bookmarkLabel', { name: doctorName })}
        startIcon={pressed ? <BookmarkIcon /> : <BookmarkOutlineIcon />}
        onClick={() => {
          if (!mutation.isPending) mutation.mutate(!pressed);
        }}
        sx={{ minHeight: 44 }}
      >
        {t('card.bookmark')}
      </Button>
      {mutation.isError && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
          {t('card.bookmarkFailed')}
        </Typography>
      )}
    </Box>
  );
}

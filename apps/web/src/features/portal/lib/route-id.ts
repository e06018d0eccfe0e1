import { useParams } from 'react-router';

/** The route's `:id` as a positive whole number, or null when it is not one (→ Not Found). */
export function useRouteId(): number | null {
  const { id } = useParams();
  if (id === undefined || !/^[1-9]\d{0,9}$/.test(id)) return null;
  return Number(id);
}

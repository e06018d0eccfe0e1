import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

// A few outline icons drawn for the finder (our own paths; no icon package is bundled).

export function SearchIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3Zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z" />
    </SvgIcon>
  );
}

export function FilterIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M3 5h18v2l-7 7v5l-4 2v-7L3 7V5Z" />
    </SvgIcon>
  );
}

export function QrIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M3 3h8v8H3V3Zm2 2v4h4V5H5Zm8-2h8v8h-8V3Zm2 2v4h4V5h-4ZM3 13h8v8H3v-8Zm2 2v4h4v-4H5Zm8-2h2v2h-2v-2Zm4 0h4v2h-4v-2Zm-4 4h4v2h-2v2h-2v-4Zm6 2h2v2h-4v-2h2Z" />
    </SvgIcon>
  );
}

export function ChevronDownIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="m7 9 5 5 5-5 1.4 1.4L12 16.8 5.6 10.4 7 9Z" />
    </SvgIcon>
  );
}

export function ChevronRightIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="m9 6 6 6-6 6-1.4-1.4 4.6-4.6-4.6-4.6L9 6Z" />
    </SvgIcon>
  );
}

export function PhoneIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M6.6 10.8a15 15 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1l-2.3 2.2Z" />
    </SvgIcon>
  );
}

export function PlaceIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M12 2a7 7 0 0 1 7 7c0 5.2-7 13-7 13S5 14.2 5 9a7 7 0 0 1 7-7Zm0 4.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z" />
    </SvgIcon>
  );
}

export function BookmarkOutlineIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M6 3h12v18l-6-4-6 4V3Zm2 2v12.3l4-2.7 4 2.7V5H8Z" />
    </SvgIcon>
  );
}

export function BookmarkIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M6 3h12v18l-6-4-6 4V3Z" />
    </SvgIcon>
  );
}

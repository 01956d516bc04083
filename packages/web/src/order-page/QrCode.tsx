import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * A QR code of `text` drawn as one SVG path (dark modules on white, with the standard quiet zone), so
 * it scales sharply and needs no canvas or image. Its own chunk: loaded only when a page shows one.
 */
export default function QrCode({ text, size = 200, label }: { text: string; size?: number; label: string }) {
  const { path, modules } = useMemo(() => {
    const { data, size: count } = encode(text, { ecc: 'M', border: 4 });
    let d = '';
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { path: d, modules: count };
  }, [text]);
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      data-qr={text}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      sx={{ width: size, height: size, maxWidth: '100%', bgcolor: '#fff', display: 'block' }}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </Box>
  );
}

import type { SVGProps } from "react";
import { Icon } from "@/components/icons";

// The file-related icons, drawn with the shared 16px stroke Icon.
export const FileIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M9 2H4.5A1.5 1.5 0 003 3.5v9A1.5 1.5 0 004.5 14h7a1.5 1.5 0 001.5-1.5V6L9 2z" />
    <path d="M9 2v4h4" />
  </Icon>
);
export const PaperclipIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M13 7.5l-5.3 5.3a3.2 3.2 0 01-4.5-4.5L8.8 2.7a2.1 2.1 0 013 3L6.2 11.3a1 1 0 01-1.5-1.5L9.8 4.8" />
  </Icon>
);
export const DownloadIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M8 2.5v8M4.5 7L8 10.5 11.5 7M3 13.5h10" />
  </Icon>
);
export const BackIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M10 4L6 8l4 4" />
  </Icon>
);
export const SubtaskIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <circle cx="4" cy="4" r="1.8" />
    <circle cx="12" cy="12" r="1.8" />
    <path d="M4 6v2.5A3.5 3.5 0 007.5 12h2.7" />
  </Icon>
);

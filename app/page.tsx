import { FawnApp } from "@/components/fawn-app";

export default function Page() {
  return <FawnApp />;
}

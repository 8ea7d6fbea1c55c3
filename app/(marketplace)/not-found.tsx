import { NotFoundMessage } from "@/components/marketplace/not-found-message";

// notFound() from a marketplace page (an unknown slug or developer): inside the site's layout.
export default function MarketplaceNotFound() {
  return <NotFoundMessage />;
}

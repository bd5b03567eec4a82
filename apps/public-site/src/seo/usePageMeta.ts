import { useEffect } from 'react';

export interface PageMeta {
  /** The page's own title; ' · Arrendia' is appended. */
  title: string;
  description: string;
  /** Open Graph tags for pages worth sharing (property pages). */
  openGraph?: { title: string; description: string; image: string; type?: string };
}

const OG_PROPERTIES = ['og:title', 'og:description', 'og:image', 'og:type', 'og:url'] as const;

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/**
 * Spanish document title and meta description of a public page (and Open Graph tags when given).
 * The shell's index.html carries the site-wide defaults; each page replaces them while it is shown.
 */
export function usePageMeta({ title, description, openGraph }: PageMeta): void {
  const ogTitle = openGraph?.title;
  const ogDescription = openGraph?.description;
  const ogImage = openGraph?.image;
  const ogType = openGraph?.type ?? 'website';
  useEffect(() => {
    document.title = `${title} · Arrendia`;
    setMeta('name', 'description', description);
    if (ogTitle) {
      setMeta('property', 'og:title', ogTitle);
      setMeta('property', 'og:description', ogDescription ?? description);
      setMeta('property', 'og:image', new URL(ogImage ?? '/api/placeholder/1200/630', window.location.origin).href);
      setMeta('property', 'og:type', ogType);
      setMeta('property', 'og:url', window.location.href);
      return () => {
        for (const key of OG_PROPERTIES) document.head.querySelector(`meta[property="${key}"]`)?.remove();
      };
    }
    return undefined;
  }, [title, description, ogTitle, ogDescription, ogImage, ogType]);
}

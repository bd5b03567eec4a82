import { type ReactNode } from 'react';
import { LoadError, type Retryable } from './LoadError';
import { SkeletonCard, SkeletonRows } from './Skeleton';

/**
 * The read a list shows: react-query's `useQuery` (or `useInfiniteQuery`) result has these fields.
 * `data` is there once the read is neither pending nor failed.
 */
export interface ListRead<T = unknown> extends Retryable {
  isPending: boolean;
  isError: boolean;
  data?: T;
}

/**
 * What a custom placeholder spreads on its own container: the busy region and its name. The
 * container must be an element that may be named (a list, a section): ARIA prohibits naming a bare div.
 */
export interface ListBusyProps {
  'aria-busy': true;
  'aria-label': string;
}

interface ListStateBase<T> {
  /** The list's read: its placeholder while pending, its error while failed, the list once there. */
  read: ListRead<T>;
  /** What could not be loaded, as a sentence: 'No se pudieron cargar los usuarios'. */
  error: ReactNode;
  /**
   * 'card' (the default): the placeholder and the error are cards of their own, for a list that is
   * a screen or a panel; 'inline': placeholder rows and an error line inside a card that stays.
   */
  variant?: 'card' | 'inline';
  /** Whether the loaded list has nothing to show; then `whenEmpty` is shown instead of the list. */
  empty?: boolean;
  /** What the empty list says: a sentence, a card with an action. */
  whenEmpty?: ReactNode;
  /** The list, or a function that draws it from the read's data. */
  children: ReactNode | ((data: T) => ReactNode);
}

/** A named placeholder: SkeletonCard ('card') or SkeletonRows ('inline'), or one shaped like the list. */
interface NamedPlaceholder {
  /** What is loading, the name of the busy placeholder: 'Cargando usuarios'. */
  loading: string;
  /** The placeholder's rows and their height (SkeletonCard's and SkeletonRows' defaults unless told). */
  rows?: number;
  height?: string;
  /** A placeholder shaped like the list itself, drawn with the busy region's attributes on its container. */
  skeleton?: (busy: ListBusyProps) => ReactNode;
}

/** A bare placeholder (a grey block inside a card whose heading says what loads), shown as it is. */
interface BarePlaceholder {
  loading?: never;
  rows?: never;
  height?: never;
  skeleton: ReactNode;
}

export type ListStateProps<T> = ListStateBase<T> & (NamedPlaceholder | BarePlaceholder);

/**
 * The one block every list screen shows for its read: a named busy placeholder while the read is
 * pending, LoadError (with «Reintentar») when it failed, the empty content when there is nothing,
 * and the list otherwise.
 */
export function ListState<T>(props: ListStateProps<T>) {
  const { read, error, variant = 'card', empty = false, whenEmpty, children } = props;
  if (read.isPending) return <>{placeholder(props, variant)}</>;
  if (read.isError) {
    return (
      <LoadError variant={variant} retry={read}>
        {error}
      </LoadError>
    );
  }
  if (empty) return <>{whenEmpty}</>;
  return <>{typeof children === 'function' ? children(read.data as T) : children}</>;
}

function placeholder(props: NamedPlaceholder | BarePlaceholder, variant: 'card' | 'inline') {
  if (props.loading === undefined) return props.skeleton;
  const { loading, rows, height, skeleton } = props;
  if (skeleton) return skeleton({ 'aria-busy': true, 'aria-label': loading });
  const Placeholder = variant === 'card' ? SkeletonCard : SkeletonRows;
  return <Placeholder label={loading} rows={rows} height={height} />;
}

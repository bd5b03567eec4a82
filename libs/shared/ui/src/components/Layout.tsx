import styled, { css } from 'styled-components';

/** Cards of a detail page side by side, wrapping below 320 px each. */
export const DetailGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(320px, 1fr));
  gap: ${({ theme }) => theme.space.lg};
`;

export type FactListLayout = 'pairs' | 'tiles' | 'rows';

/**
 * Label and value pairs (<dt> and <dd>, each pair optionally wrapped in a <div>), the one way a
 * screen lists facts. `$layout`: 'pairs' puts labels in a column beside their values; 'tiles' makes
 * each <div> pair a tile of a wrapping grid (`$boxed` draws it as a box); 'rows' puts each value at
 * the right end of its row, as a summary of figures.
 */
export const FactList = styled.dl<{ $layout?: FactListLayout; $boxed?: boolean }>`
  margin: 0;
  display: grid;
  ${({ theme, $layout = 'pairs' }) =>
    ({
      pairs: css`
        grid-template-columns: max-content 1fr;
        gap: ${theme.space.xs} ${theme.space.lg};
        font-size: ${theme.fontSizes.sm};
      `,
      tiles: css`
        grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
        gap: ${theme.space.md};
        dt { font-size: ${theme.fontSizes.sm}; }
      `,
      rows: css`
        grid-template-columns: 1fr auto;
        gap: ${theme.space.sm} ${theme.space.lg};
        & > div { display: contents; }
        dd { text-align: right; font-variant-numeric: tabular-nums; }
      `,
    })[$layout]}
  ${({ theme, $boxed }) =>
    $boxed &&
    css`
      & > div {
        padding: ${theme.space.md};
        border: 1px solid ${theme.colors.border};
        border-radius: ${theme.radii.md};
        background: ${theme.colors.surface};
      }
      dd { font-weight: ${theme.fontWeights.semibold}; }
    `}
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
  }
`;

/** A list of rows, each spreading its parts and separated by a rule. */
export const RowList = styled.ul`
  list-style: none;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.sm};
    padding-bottom: ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

/** Secondary text. */
export const MutedText = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** A line of secondary facts side by side, wrapping: a row's date and badge, a short notice and its button. */
export const MutedRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** Cards one under another (a list of leads, tasks, visits…): use with <li> children. */
export const CardList = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

/** A row whose parts spread to both ends and wrap: a card's title and its badges, a toolbar. */
export const SpreadRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

/** Metric cards side by side, wrapping below 200 px each. */
export const MetricGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

/** The big figure of a metric card. */
export const MetricValue = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

/**
 * A data table: full width, one rule under each row, muted column headers; a cell with
 * `data-align="end"` (amounts, counts) aligns right.
 */
export const DataTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => theme.space.sm};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  thead th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
  [data-align='end'] {
    text-align: right;
    white-space: nowrap;
  }
`;

/**
 * A wide table's box that scrolls sideways on a narrow screen instead of overflowing the page. It
 * is a focusable named region so keyboard users can scroll it too: give it an `aria-label` of its
 * own (the card around it usually carries the table's title already).
 */
export const TableScroll = styled.div.attrs({ role: 'region', tabIndex: 0 })`
  overflow-x: auto;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

/**
 * The search and filter fields above a list, in one row whose columns `$columns` names (a CSS grid
 * template), stacked on a narrow screen.
 */
export const FilterBar = styled.div<{ $columns: string }>`
  display: grid;
  grid-template-columns: ${({ $columns }) => $columns};
  gap: ${({ theme }) => theme.space.sm};
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space.md};
  @media (max-width: 720px) {
    grid-template-columns: 1fr;
  }
`;

/** The buttons of one row of a table ('Editar', 'Desactivar'…), wrapping when the cell is narrow. */
export const RowActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  flex-wrap: wrap;
`;

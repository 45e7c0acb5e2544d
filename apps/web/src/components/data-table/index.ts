/** The data-table kit reused by every list of the console. */
export { DataTable, type DataTableColumn, type DataTablePagination } from './data-table';
export { cellColumn } from './cell-column';
export { RowActions, type RowAction } from './row-actions';
export { defaultPageSize, pageSizeOptions, useSavedPageSize } from './use-saved-page-size';
export { useTablePaging, type TablePaging } from './use-table-paging';
export { TipTags } from './tip-tags';
export { useListSearch } from './use-list-search';

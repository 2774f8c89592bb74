/** `/api/admin/sale/*` */
import { callApi } from '@/services/request';
import type { SaleInfo, SetSaleBody } from '#contract/api';

export const setSale = (body: SetSaleBody) => callApi<SaleInfo>('sale/setSale', body, { successToast: false });

/** `/api/admin/sale/*` */
import { callApi } from '@/models/request';
import type { SaleInfo, SetSaleBody } from '@/shared/api';

export const setSale = (body: SetSaleBody) => callApi<SaleInfo>('sale/setSale', body, { successToast: false });

/** `/api/admin/sale/*` */
import { legacyCallApi } from '@/services/request';
import type { SaleInfo, SetSaleBody } from '#contract/api';

export const setSale = (body: SetSaleBody) => legacyCallApi<SaleInfo>('sale/setSale', body, { successToast: false });

import type { ApiClient } from "../api.js";
import type { RequestOptions } from "../transport.js";
import type { Chain, ChainWithTokens } from "../types.js";

export class ChainsResource {
  constructor(private readonly api: ApiClient) {}

  /** GET /chains: the supported chains. */
  async list(options?: RequestOptions): Promise<Chain[]> {
    const data = await this.api.get<{ chains: Chain[] }>("none", "/chains", options);
    return data.chains;
  }

  /** GET /chains/tokens: every chain with its enabled tokens. */
  async listWithTokens(options?: RequestOptions): Promise<ChainWithTokens[]> {
    const data = await this.api.get<{ chains: ChainWithTokens[] }>("none", "/chains/tokens", options);
    return data.chains;
  }
}

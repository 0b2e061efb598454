/** The values the OpenAPI examples share (schemaExamples.ts and the examples beside it): a USDC payment on Base. */
export const exampleValues = {
  paymentId: "0xadc756803e4eb4ccfb136b73d5f72e3dc0d452d30ae1f4bc82af394c73ce7115",
  merchantId: "0x35b7289f73333871b968eb7a0064ec7deaa432461c89f27075568d2d370c4347",
  usdc: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  gateway: "0xff89e1cF989dD683d61dc611F667f876bd8e3bc5",
  forwarder: "0xe2F8B2DF52D82224D4b309CA60018294767ABe24",
  recipient: "0x1dE3D712f5D3103AD50e22dc1f4d3Ff1559D5115",
  payer: "0x364E2533F6f0b3b560dCA617192940206d806B7e",
  txHash: "0xf78f15e685bba97aaa421afc364e2533f6f0b3b560dca617192940206d806b7e",
  blockHash: "0xfc433284f43bac7604db01e357bff1b94026ffc4791e80cd44b7b8d30b073b3f",
  signature:
    "0x3f1c2a8e5b7d4c6f9a0b1e2d3c4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b1c",
  refundId: "rf_9f2c4e6a8b0d1f3e5c7a9b1d3f5e7c9a",
  eventId: "evt_4b8d2f6a0c1e3b5d7f9a2c4e6b8d0f1a",
  deliveryId: "whd_7c1e5a9d3b2f4e6c8a0d2b4f6e8c1a3d",
} as const;

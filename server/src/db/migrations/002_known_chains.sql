-- The chains Kassa knows. An operator adds the RPC URL and contract addresses
-- (`kassa admin chain update`); until then payments on them fail with UNSUPPORTED_CHAIN.
INSERT INTO chains (network_id, name, is_testnet) VALUES
  (80002, 'Polygon Amoy', true),
  (97, 'BSC Testnet', true),
  (11155111, 'Sepolia', true);

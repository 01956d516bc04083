// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.28;

import {Ownable} from "./Ownable.sol";

/// @title TokenRegistry
/// @notice Owner-curated list of tokens with their metadata; names and symbols are unique.
contract TokenRegistry is Ownable {
    /// @notice The token is already registered.
    error TokenAlreadyExists();
    /// @notice The token is not registered.
    error TokenDoesNotExist();
    /// @notice The token address is zero.
    error NullAddress();
    /// @notice Another token already uses the name.
    error NameAlreadyExists();
    /// @notice Another token already uses the symbol.
    error SymbolAlreadyExists();
    /// @notice `tokenAddresses[_index]` is not the token being removed.
    error IndexMismatch();

    event LogAddToken(
        address indexed token, string name, string symbol, uint8 decimals, bytes ipfsHash, bytes swarmHash
    );
    event LogRemoveToken(
        address indexed token, string name, string symbol, uint8 decimals, bytes ipfsHash, bytes swarmHash
    );
    event LogTokenNameChange(address indexed token, string oldName, string newName);
    event LogTokenSymbolChange(address indexed token, string oldSymbol, string newSymbol);
    event LogTokenIpfsHashChange(address indexed token, bytes oldIpfsHash, bytes newIpfsHash);
    event LogTokenSwarmHashChange(address indexed token, bytes oldSwarmHash, bytes newSwarmHash);

    struct TokenMetadata {
        address token;
        string name;
        string symbol;
        uint8 decimals;
        bytes ipfsHash;
        bytes swarmHash;
    }

    /// @notice Metadata per token address (all zero for unknown tokens).
    mapping(address => TokenMetadata) public tokens;
    mapping(string => address) private tokenBySymbol;
    mapping(string => address) private tokenByName;

    /// @notice Registered token addresses, in no particular order after removals.
    address[] public tokenAddresses;

    modifier tokenExists(address _token) {
        if (tokens[_token].token == address(0)) revert TokenDoesNotExist();
        _;
    }

    modifier tokenDoesNotExist(address _token) {
        if (tokens[_token].token != address(0)) revert TokenAlreadyExists();
        _;
    }

    modifier addressNotNull(address _address) {
        if (_address == address(0)) revert NullAddress();
        _;
    }

    modifier nameDoesNotExist(string calldata _name) {
        if (tokenByName[_name] != address(0)) revert NameAlreadyExists();
        _;
    }

    modifier symbolDoesNotExist(string calldata _symbol) {
        if (tokenBySymbol[_symbol] != address(0)) revert SymbolAlreadyExists();
        _;
    }

    /// @notice Owner only: registers a token. Reverts if it is registered, zero, or its symbol or
    ///         name is taken.
    function addToken(
        address _token,
        string calldata _name,
        string calldata _symbol,
        uint8 _decimals,
        bytes calldata _ipfsHash,
        bytes calldata _swarmHash
    )
        external
        onlyOwner
        tokenDoesNotExist(_token)
        addressNotNull(_token)
        symbolDoesNotExist(_symbol)
        nameDoesNotExist(_name)
    {
        tokens[_token] = TokenMetadata({
            token: _token,
            name: _name,
            symbol: _symbol,
            decimals: _decimals,
            ipfsHash: _ipfsHash,
            swarmHash: _swarmHash
        });
        tokenAddresses.push(_token);
        tokenBySymbol[_symbol] = _token;
        tokenByName[_name] = _token;
        emit LogAddToken(_token, _name, _symbol, _decimals, _ipfsHash, _swarmHash);
    }

    /// @notice Owner only: unregisters `_token`, which must sit at `tokenAddresses[_index]`.
    function removeToken(address _token, uint256 _index) external onlyOwner tokenExists(_token) {
        if (tokenAddresses[_index] != _token) revert IndexMismatch();
        tokenAddresses[_index] = tokenAddresses[tokenAddresses.length - 1];
        tokenAddresses.pop();
        TokenMetadata storage token = tokens[_token];
        emit LogRemoveToken(token.token, token.name, token.symbol, token.decimals, token.ipfsHash, token.swarmHash);
        delete tokenBySymbol[token.symbol];
        delete tokenByName[token.name];
        delete tokens[_token];
    }

    /// @notice Owner only: renames a registered token; the new name must be unused.
    function setTokenName(address _token, string calldata _name)
        external
        onlyOwner
        tokenExists(_token)
        nameDoesNotExist(_name)
    {
        TokenMetadata storage token = tokens[_token];
        emit LogTokenNameChange(_token, token.name, _name);
        delete tokenByName[token.name];
        tokenByName[_name] = _token;
        token.name = _name;
    }

    /// @notice Owner only: changes a registered token's symbol; the new symbol must be unused.
    function setTokenSymbol(address _token, string calldata _symbol)
        external
        onlyOwner
        tokenExists(_token)
        symbolDoesNotExist(_symbol)
    {
        TokenMetadata storage token = tokens[_token];
        emit LogTokenSymbolChange(_token, token.symbol, _symbol);
        delete tokenBySymbol[token.symbol];
        tokenBySymbol[_symbol] = _token;
        token.symbol = _symbol;
    }

    /// @notice Owner only: changes a registered token's IPFS hash.
    function setTokenIpfsHash(address _token, bytes calldata _ipfsHash) external onlyOwner tokenExists(_token) {
        TokenMetadata storage token = tokens[_token];
        emit LogTokenIpfsHashChange(_token, token.ipfsHash, _ipfsHash);
        token.ipfsHash = _ipfsHash;
    }

    /// @notice Owner only: changes a registered token's Swarm hash.
    function setTokenSwarmHash(address _token, bytes calldata _swarmHash) external onlyOwner tokenExists(_token) {
        TokenMetadata storage token = tokens[_token];
        emit LogTokenSwarmHashChange(_token, token.swarmHash, _swarmHash);
        token.swarmHash = _swarmHash;
    }

    /// @notice Address of the token with this symbol (zero if none).
    function getTokenAddressBySymbol(string calldata _symbol) external view returns (address) {
        return tokenBySymbol[_symbol];
    }

    /// @notice Address of the token with this name (zero if none).
    function getTokenAddressByName(string calldata _name) external view returns (address) {
        return tokenByName[_name];
    }

    /// @notice Metadata of `_token` (all zero for an unknown token).
    function getTokenMetaData(address _token)
        public
        view
        returns (address, string memory, string memory, uint8, bytes memory, bytes memory)
    {
        TokenMetadata storage token = tokens[_token];
        return (token.token, token.name, token.symbol, token.decimals, token.ipfsHash, token.swarmHash);
    }

    /// @notice Metadata of the token with this name (all zero if none).
    function getTokenByName(string calldata _name)
        external
        view
        returns (address, string memory, string memory, uint8, bytes memory, bytes memory)
    {
        return getTokenMetaData(tokenByName[_name]);
    }

    /// @notice Metadata of the token with this symbol (all zero if none).
    function getTokenBySymbol(string calldata _symbol)
        external
        view
        returns (address, string memory, string memory, uint8, bytes memory, bytes memory)
    {
        return getTokenMetaData(tokenBySymbol[_symbol]);
    }

    /// @notice All registered token addresses.
    function getTokenAddresses() external view returns (address[] memory) {
        return tokenAddresses;
    }
}

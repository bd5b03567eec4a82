export * from './AgentDashboard';
export * from './LeadsScreen';

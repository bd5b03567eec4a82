export * from './AgentDashboard';

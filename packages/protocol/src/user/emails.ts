// Contracts of this part of the user service are added here.
export {};

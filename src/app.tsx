export async function getInitialState(){return {}}

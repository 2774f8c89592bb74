export default function access(){return {}}
